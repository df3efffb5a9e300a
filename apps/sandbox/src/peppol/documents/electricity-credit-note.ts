import { osloDate } from '../../platform/clock';
import { KRAFTLAGET_VEST as supplier } from '../network';
import {
  customerParty,
  documentNumber,
  type ExampleContext,
  type ExampleDocument,
  previousMonth,
  supplierParty,
} from './example';
import { writeUblDocument } from './ubl-writer';

/**
 * The invoice the credit note corrects: the latest electricity invoice sent to this receiver, or,
 * when none was sent in this sandbox, last month's as the supplier numbers them.
 */
function creditedInvoice(context: ExampleContext): { id: string; issueDate: string } {
  const latest = context.sent.find(
    (message) =>
      message.documentType === 'invoice' &&
      message.senderId.endsWith(`:${supplier.organisationNumber}`) &&
      message.receiver === context.receiver.organisationNumber,
  );
  if (latest) return { id: latest.documentId, issueDate: osloDate(new Date(latest.createdAt)) };
  const lastMonth = previousMonth(context.today);
  return { id: `KV-${lastMonth.end.replaceAll('-', '')}-1`, issueDate: lastMonth.end };
}

/** The fixed charge was billed twice: the supplier credits it, referring to the invoice. */
export const electricityCreditNote: ExampleDocument = {
  id: 'electricity-credit-note',
  kind: 'creditnote',
  title: {
    en: 'Credit note for a fixed charge billed twice, referring to the invoice (Kraftlaget Vest AS)',
    no: 'Kreditnota for fastbeløp fakturert to ganger, med referanse til fakturaen (Kraftlaget Vest AS)',
  },
  supplier,
  write(context) {
    const invoice = creditedInvoice(context);
    return writeUblDocument({
      kind: 'creditnote',
      id: documentNumber('KK', context),
      issueDate: context.today,
      note: `Kreditering av fastbeløp fakturert to ganger på faktura ${invoice.id}.`,
      buyerReference: `Kundenr. ${context.receiver.organisationNumber.slice(-5)}`,
      billingReference: invoice,
      supplier: supplierParty(supplier),
      customer: customerParty(context.receiver),
      lines: [
        {
          name: 'Fastbeløp, kreditert',
          description: `Feilaktig fakturert på ${invoice.id}`,
          quantity: '1',
          unitCode: 'MON',
          unitPriceOre: 49_00,
          vatRate: 25,
        },
      ],
    });
  },
};
