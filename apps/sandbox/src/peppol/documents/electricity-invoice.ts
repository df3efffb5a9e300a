import { KRAFTLAGET_VEST as supplier } from '../network';
import {
  addDays,
  customerParty,
  documentNumber,
  type ExampleDocument,
  kidFor,
  paymentTo,
  previousMonth,
  supplierParty,
} from './example';
import { type UblLine, writeUblDocument } from './ubl-writer';

/** Last month's electricity for the premises: a plain invoice with no attachment at all. */
export const electricityInvoice: ExampleDocument = {
  id: 'electricity-invoice',
  kind: 'invoice',
  title: {
    en: "Invoice for last month's electricity, without attachments (Kraftlaget Vest AS)",
    no: 'Faktura for strøm forrige måned, uten vedlegg (Kraftlaget Vest AS)',
  },
  supplier,
  write(context) {
    const id = documentNumber('KV', context);
    const dueDate = addDays(context.today, 14);
    const period = previousMonth(context.today);
    const lines: UblLine[] = [
      {
        name: 'Strøm, spotpris',
        description: `Forbruk ${period.start} til ${period.end}, målepunkt 707057500012345678`,
        quantity: '2431',
        unitCode: 'KWH',
        unitPriceOre: 89,
        vatRate: 25,
      },
      { name: 'Påslag', quantity: '2431', unitCode: 'KWH', unitPriceOre: 5, vatRate: 25 },
      { name: 'Fastbeløp', quantity: '1', unitCode: 'MON', unitPriceOre: 49_00, vatRate: 25 },
    ];
    return writeUblDocument({
      kind: 'invoice',
      id,
      issueDate: context.today,
      dueDate,
      note: 'Takk for at du handler strøm hos oss.',
      buyerReference: `Kundenr. ${context.receiver.organisationNumber.slice(-5)}`,
      period,
      supplier: supplierParty(supplier),
      customer: customerParty(context.receiver),
      payment: paymentTo(supplier, kidFor(context.receiver.organisationNumber.slice(-5), context), dueDate),
      lines,
    });
  },
};
