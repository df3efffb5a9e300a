import { minorUnitsToDecimal, taxForRate } from '@bilag/domain';
import { KONTORKOMPANIET_NORD as supplier } from '../network';
import {
  addDays,
  customerParty,
  documentNumber,
  type ExampleDocument,
  kidFor,
  paymentTo,
  supplierParty,
} from './example';
import { pdfWithText } from './tiny-pdf';
import { lineAmountOre, type UblLine, writeUblDocument } from './ubl-writer';

const LINES: UblLine[] = [
  {
    name: 'Kopipapir A4 80 g',
    description: 'Eske med 5 x 500 ark',
    sellersItemId: 'KP-A4-80',
    quantity: '10',
    unitCode: 'EA',
    unitPriceOre: 289_00,
    vatRate: 25,
  },
  {
    name: 'Toner HP 59A sort',
    sellersItemId: 'HP-CF259A',
    quantity: '2',
    unitCode: 'EA',
    unitPriceOre: 1_149_00,
    vatRate: 25,
  },
  {
    name: 'Kontorstol Ergo Pro',
    description: 'Med armlener, svart stoff',
    sellersItemId: 'ERGO-PRO-SV',
    quantity: '1',
    unitCode: 'EA',
    unitPriceOre: 3_990_00,
    vatRate: 25,
  },
];

const kroner = (ore: number) => `kr ${minorUnitsToDecimal(ore, 2).replace('.', ',')}`;

/** Office supplies with the supplier's own PDF of the invoice embedded, as many suppliers send it. */
export const officeSuppliesInvoice: ExampleDocument = {
  id: 'office-supplies-invoice',
  kind: 'invoice',
  title: {
    en: 'Invoice for office supplies, with the invoice as an embedded PDF (Kontorkompaniet Nord AS)',
    no: 'Faktura for kontorrekvisita, med fakturaen som vedlagt PDF (Kontorkompaniet Nord AS)',
  },
  supplier,
  write(context) {
    const id = documentNumber('KN', context);
    const dueDate = addDays(context.today, 30);
    const kid = kidFor(context.receiver.organisationNumber.slice(-5), context);
    const net = LINES.reduce((sum, line) => sum + lineAmountOre(line), 0);
    const vat = taxForRate(net, '25') ?? 0;
    const pdf = pdfWithText([
      `Faktura ${id}`,
      `${supplier.name}, ${supplier.street}, ${supplier.postalZone} ${supplier.city}`,
      `Org.nr. ${supplier.organisationNumber} MVA`,
      '',
      `Kunde: ${context.receiver.name} (org.nr. ${context.receiver.organisationNumber})`,
      `Fakturadato: ${context.today}   Forfall: ${dueDate}`,
      '',
      ...LINES.map((line) => `${line.quantity} x ${line.name}: ${kroner(lineAmountOre(line))}`),
      '',
      `Sum eks. mva: ${kroner(net)}   Mva 25 %: ${kroner(vat)}   Å betale: ${kroner(net + vat)}`,
      `Betales til konto ${supplier.account.bban} med KID ${kid}`,
    ]);
    return writeUblDocument({
      kind: 'invoice',
      id,
      issueDate: context.today,
      dueDate,
      buyerReference: 'Innkjøp kontor',
      orderReference: `PO-${context.today.slice(0, 4)}-${100 + context.sequence}`,
      attachments: [
        {
          id: `${id}.pdf`,
          description: 'Fakturaen som PDF',
          filename: `Faktura-${id}.pdf`,
          mimeCode: 'application/pdf',
          content: pdf,
        },
      ],
      supplier: supplierParty(supplier),
      customer: customerParty(context.receiver),
      deliveryDate: context.today,
      payment: paymentTo(supplier, kid, dueDate),
      lines: LINES,
    });
  },
};
