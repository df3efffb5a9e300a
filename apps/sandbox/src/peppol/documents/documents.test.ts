import { isValidKid, parseEhf } from '@bilag/domain';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../outbox';
import { findExampleDocument } from '.';
import type { ExampleContext } from './example';
import { pdfWithText } from './tiny-pdf';

const context: ExampleContext = {
  receiver: { organisationNumber: '923456783', name: 'Nordlys Bakeri AS' },
  today: '2025-11-27',
  sequence: 7,
  sent: [],
};

function written(id: string, overrides: Partial<ExampleContext> = {}) {
  const example = findExampleDocument(id);
  if (!example) throw new Error(`no example ${id}`);
  return parseEhf(example.write({ ...context, ...overrides }));
}

describe("the sandbox's example EHF documents", () => {
  it.each([
    'office-supplies-invoice',
    'electricity-invoice',
    'conference-invoice',
    'electricity-credit-note',
  ])('%s reads as BIS Billing 3, adds up, is dated today and addressed to the receiver', (id) => {
    const document = written(id);
    expect(document.problems).toEqual([]);
    expect(document.customizationId).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    );
    expect(document.profileId).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(document.issueDate).toBe('2025-11-27');
    expect(document.customer).toMatchObject({ name: 'Nordlys Bakeri AS', orgNumber: '923456783' });
    expect(document.supplier.endpointId?.scheme).toBe('0192');
    expect(document.id).toMatch(/-20251127-7$/);
  });

  it('embeds a one-page PDF in the office supplies invoice', () => {
    const [attachment] = written('office-supplies-invoice').attachments;
    expect(attachment).toMatchObject({ mimeType: 'application/pdf', filename: 'Faktura-KN-20251127-7.pdf' });
    const pdf = Buffer.from(attachment?.bytes() ?? []).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Faktura KN-20251127-7) Tj');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = Buffer.from(pdfWithText(['Faktura (kopi)', 'Blåbærsyltetøy \\ 100 %'])).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    expect(offsets.map((offset) => pdf.slice(offset, offset + 7))).toEqual([
      '1 0 obj',
      '2 0 obj',
      '3 0 obj',
      '4 0 obj',
      '5 0 obj',
    ]);
    expect(pdf).toContain('(Faktura \\(kopi\\)) Tj');
    expect(pdf).toContain('(Blåbærsyltetøy \\\\ 100 %) Tj');
  });

  it('has no attachment on the electricity invoice, and a KID and period', () => {
    const document = written('electricity-invoice');
    expect(document.attachments).toEqual([]);
    expect(document.kid && isValidKid(document.kid)).toBe(true);
    expect(document.dueDate).toBe('2025-12-11');
  });

  it('charges VAT at 25, 15, 12 and 0 % on the seminar, payable with a valid KID', () => {
    const document = written('conference-invoice');
    expect(
      document.taxSubtotals.map((subtotal) => [subtotal.category, subtotal.percent, subtotal.taxAmount]),
    ).toEqual([
      ['S', '25', 2_250_00],
      ['S', '15', 355_50],
      ['S', '12', 2_088_00],
      ['Z', '0', 0],
    ]);
    expect(document.totals.payableAmount).toBe(17_400_00 + 2_370_00 + 9_000_00 + 2_094_00 + 4_693_50);
    expect(document.kid && isValidKid(document.kid)).toBe(true);
    expect(document.supplierAccount).toMatchObject({ bban: '32084712905', bic: 'SPSONO22' });
  });

  it('refers the credit note to the latest electricity invoice sent to the receiver, else to last month', () => {
    const sentInvoice = {
      documentType: 'invoice',
      documentId: 'KV-20251120-3',
      senderId: 'iso6523-actorid-upis::0192:813774240',
      receiver: '923456783',
      createdAt: '2025-11-20T09:00:00.000Z',
    } as OutboxMessage;
    expect(written('electricity-credit-note', { sent: [sentInvoice] }).billingReference).toBe(
      'KV-20251120-3',
    );
    expect(written('electricity-credit-note').billingReference).toBe('KV-20251031-1');
    expect(written('electricity-credit-note').documentType).toBe('CreditNote');
  });
});
