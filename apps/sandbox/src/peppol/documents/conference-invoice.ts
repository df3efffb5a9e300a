import { FJORDHOTELLET_KONFERANSE as supplier } from '../network';
import {
  addDays,
  customerParty,
  documentNumber,
  type ExampleDocument,
  kidFor,
  paymentTo,
  supplierParty,
} from './example';
import { writeUblDocument } from './ubl-writer';

/**
 * A two-day staff seminar: lodging at 12 %, food to take home at 15 %, the meeting room at 25 % and
 * a book for each guest, zero-rated; paid with a KID.
 */
export const conferenceInvoice: ExampleDocument = {
  id: 'conference-invoice',
  kind: 'invoice',
  title: {
    en: 'Invoice for a staff seminar with VAT at 25, 15, 12 and 0 % and a KID (Fjordhotellet Konferanse AS)',
    no: 'Faktura for personalseminar med mva 25, 15, 12 og 0 % og KID (Fjordhotellet Konferanse AS)',
  },
  supplier,
  write(context) {
    const id = documentNumber('FK', context);
    const arrival = addDays(context.today, -3);
    const dueDate = addDays(context.today, 20);
    return writeUblDocument({
      kind: 'invoice',
      id,
      issueDate: context.today,
      dueDate,
      note: `Personalseminar ${arrival} til ${addDays(arrival, 2)}, 6 deltakere.`,
      buyerReference: 'Personalseminar',
      period: { start: arrival, end: addDays(arrival, 2) },
      supplier: supplierParty(supplier),
      customer: customerParty(context.receiver),
      deliveryDate: addDays(arrival, 2),
      payment: paymentTo(supplier, kidFor(context.receiver.organisationNumber.slice(-5), context), dueDate),
      lines: [
        {
          name: 'Overnatting enkeltrom med frokost',
          description: '6 rom, 2 netter',
          quantity: '12',
          unitCode: 'DAY',
          unitPriceOre: 1_450_00,
          vatRate: 12,
        },
        {
          name: 'Matkurv med lokale spesialiteter',
          description: 'Til å ta med hjem',
          quantity: '6',
          unitCode: 'EA',
          unitPriceOre: 395_00,
          vatRate: 15,
        },
        {
          name: 'Møterom Fjordsalen, hel dag',
          quantity: '2',
          unitCode: 'DAY',
          unitPriceOre: 4_500_00,
          vatRate: 25,
        },
        {
          name: 'Bok: Fjordane - ei reisesoge',
          sellersItemId: 'ISBN 9788200000001',
          quantity: '6',
          unitCode: 'EA',
          unitPriceOre: 349_00,
          vatRate: 0,
        },
      ],
    });
  },
};
