import { parseEhf } from '../ehf/ehf';
import { oreToDecimal } from '../money/decimal';
import type { Ore } from '../money/ore';
import { readInputFile } from './read-input-file';

/** `parse ehf <file>`: the invoice or credit note with amounts as decimal strings and its problems. */
export async function runParseEhf(args: string[]): Promise<unknown> {
  const document = parseEhf(await readInputFile(args, 'parse ehf <file>'));
  const amount = (value: Ore | undefined) =>
    value === undefined ? undefined : oreToDecimal(value, document.currency);
  const { totals } = document;
  return {
    documentType: document.documentType,
    typeCode: document.typeCode,
    id: document.id,
    issueDate: document.issueDate,
    dueDate: document.dueDate,
    currency: document.currency,
    supplier: {
      name: document.supplier.name,
      orgNumber: document.supplier.orgNumber,
      endpointId: document.supplier.endpointId?.id,
      vatId: document.supplier.vatId,
    },
    customer: {
      name: document.customer.name,
      orgNumber: document.customer.orgNumber,
      vatId: document.customer.vatId,
    },
    lineExtensionAmount: amount(totals.lineExtensionAmount),
    allowanceTotalAmount: amount(totals.allowanceTotalAmount),
    chargeTotalAmount: amount(totals.chargeTotalAmount),
    taxExclusiveAmount: amount(totals.taxExclusiveAmount),
    taxAmount: amount(totals.taxAmount),
    taxInclusiveAmount: amount(totals.taxInclusiveAmount),
    prepaidAmount: amount(totals.prepaidAmount),
    payableRoundingAmount: amount(totals.payableRoundingAmount),
    payableAmount: amount(totals.payableAmount),
    taxSubtotals: document.taxSubtotals.map((subtotal) => ({
      category: subtotal.category,
      percent: subtotal.percent,
      taxableAmount: amount(subtotal.taxableAmount),
      taxAmount: amount(subtotal.taxAmount),
    })),
    kid: document.kid,
    paymentId: document.paymentId,
    supplierAccount: document.supplierAccount,
    lines: document.lines.map((line) => ({ ...line, netAmount: amount(line.netAmount) })),
    attachments: document.attachments.map(({ filename, mimeType, size }) => ({ filename, mimeType, size })),
    problems: document.problems,
  };
}
