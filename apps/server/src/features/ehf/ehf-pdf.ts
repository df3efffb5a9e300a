import { currencyMinorUnits, type EhfDocument, formatAmount, type Ore, oreToDecimal } from '@bilag/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A readable rendition of an EHF document that came without a PDF of its own, so a person always sees
 * the invoice. The standard fonts encode WinAnsi, which holds æ, ø and å; any character outside it is
 * shown as '?', never dropped silently.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const LINE_HEIGHT = 14;

type Writer = { page: PDFPage; y: number };

function encodable(font: PDFFont, text: string): string {
  let result = '';
  for (const character of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(character);
      result += character;
    } catch {
      result += '?';
    }
  }
  return result;
}

function fitted(font: PDFFont, text: string, size: number, width: number): string {
  let shown = text;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = shown.slice(0, -1);
  return shown === text ? text : `${shown.slice(0, -1)}.`;
}

function figure(value: Ore, currency: string): string {
  return currencyMinorUnits(currency) === 2 ? formatAmount(value) : oreToDecimal(value, currency);
}

function amount(value: Ore | undefined, currency: string): string {
  return value === undefined ? '' : `${figure(value, currency)} ${currency}`;
}

export async function renderEhfPdf(document: EhfDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const isInvoice = document.documentType === 'Invoice';
  pdf.setTitle(`${isInvoice ? 'Faktura' : 'Kreditnota'} ${document.id}`);
  pdf.setCreator('Bilag');

  const writer: Writer = { page: pdf.addPage([PAGE.width, PAGE.height]), y: PAGE.height - MARGIN };
  const nextLine = (height = LINE_HEIGHT) => {
    writer.y -= height;
    if (writer.y < MARGIN) {
      writer.page = pdf.addPage([PAGE.width, PAGE.height]);
      writer.y = PAGE.height - MARGIN;
    }
  };
  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; width?: number } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const shown = fitted(font, encodable(font, value), size, options.width ?? PAGE.width - MARGIN - x);
    writer.page.drawText(shown, { x, y: writer.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const rightAligned = (value: string, right: number, font: PDFFont = regular, size = 10) => {
    const shown = encodable(font, value);
    writer.page.drawText(shown, {
      x: right - font.widthOfTextAtSize(shown, size),
      y: writer.y,
      size,
      font,
    });
  };

  text(`${isInvoice ? 'Faktura' : 'Kreditnota'} ${document.id}`, MARGIN, { font: bold, size: 18 });
  nextLine(28);
  const party = (title: string, name: string | undefined, orgNumber: string | undefined, x: number) => {
    text(title, x, { font: bold, width: 230 });
    writer.y -= LINE_HEIGHT;
    text(name ?? '', x, { width: 230 });
    writer.y -= LINE_HEIGHT;
    text(orgNumber ? `Org.nr. ${orgNumber}` : '', x, { width: 230 });
    writer.y += LINE_HEIGHT * 2;
  };
  party('Leverandør', document.supplier.name, document.supplier.orgNumber, MARGIN);
  party('Kunde', document.customer.name, document.customer.orgNumber, 320);
  nextLine(LINE_HEIGHT * 4);

  const facts: [string, string | undefined][] = [
    ['Fakturadato', document.issueDate],
    ['Forfallsdato', document.dueDate],
    ['Valuta', document.currency],
    ['KID', document.kid],
    ['Kontonummer', document.supplierAccount?.id],
    ['Deres referanse', document.buyerReference],
    ['Ordrereferanse', document.orderReference],
    ['Gjelder faktura', document.billingReference],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    text(label, MARGIN, { font: bold, width: 120 });
    text(value, MARGIN + 130);
    nextLine();
  }
  nextLine();

  const columns = { item: MARGIN, quantity: 330, vat: 420, amount: PAGE.width - MARGIN };
  text('Beskrivelse', columns.item, { font: bold });
  text('Antall', columns.quantity, { font: bold });
  text('MVA', columns.vat, { font: bold });
  rightAligned('Beløp', columns.amount, bold);
  nextLine();
  for (const line of document.lines) {
    text(line.itemName ?? line.description ?? '', columns.item, {
      width: columns.quantity - columns.item - 10,
    });
    text([line.quantity, line.unit].filter(Boolean).join(' '), columns.quantity, { width: 80 });
    text(line.vatPercent ? `${line.vatPercent} %` : (line.vatCategory ?? ''), columns.vat, { width: 60 });
    rightAligned(figure(line.netAmount, document.currency), columns.amount);
    nextLine();
  }
  nextLine();

  text('MVA per sats', MARGIN, { font: bold });
  nextLine();
  for (const subtotal of document.taxSubtotals) {
    const rate = subtotal.percent ? `${subtotal.percent} %` : '';
    text(`${subtotal.category ?? ''} ${rate}`.trim(), MARGIN, { width: 120 });
    text(`grunnlag ${amount(subtotal.taxableAmount, document.currency)}`, MARGIN + 130, { width: 200 });
    rightAligned(amount(subtotal.taxAmount, document.currency), columns.amount);
    nextLine();
  }
  nextLine();

  const totals: [string, Ore | undefined][] = [
    ['Sum linjer', document.totals.lineExtensionAmount],
    ['Sum eks. MVA', document.totals.taxExclusiveAmount],
    ['MVA', document.totals.taxAmount],
    ['Sum inkl. MVA', document.totals.taxInclusiveAmount],
    ['Forskuddsbetalt', document.totals.prepaidAmount],
  ];
  for (const [label, value] of totals) {
    if (value === undefined) continue;
    text(label, 330, { width: 120 });
    rightAligned(amount(value, document.currency), columns.amount);
    nextLine();
  }
  text('Å betale', 330, { font: bold, width: 120 });
  rightAligned(amount(document.totals.payableAmount, document.currency), columns.amount, bold);
  nextLine(LINE_HEIGHT * 2);
  text('Laget av Bilag fra EHF-dokumentet, som ikke hadde en PDF med seg.', MARGIN, { size: 8 });
  return pdf.save();
}
