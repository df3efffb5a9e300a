import { deflateSync } from 'node:zlib';
import { currencyMinorUnits, type EhfDocument, formatAmount, type Ore, oreToDecimal } from '@bilag/domain';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/**
 * A readable rendition of an EHF document that came without a PDF of its own, so a person always sees
 * the invoice. The standard fonts encode WinAnsi, which holds æ, ø and å; any character outside it is
 * shown as '?', never dropped silently.
 *
 * pdf-lib measures and encodes the text, and the file is written here: a page of text needs a handful
 * of objects, and pdf-lib's document model and its save (a deflate in JavaScript per stream, an object
 * stream) made a rendition some six times as costly as writing them directly.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const LINE_HEIGHT = 14;
const TEXT_GREY = '0.1 0.1 0.1';
const BLACK = '0 0 0';

type Fonts = { regular: PDFFont; bold: PDFFont };
type FontName = keyof Fonts;
/** The resource name of each font on a page. */
const FONT_KEY: Record<FontName, string> = { regular: 'F1', bold: 'F2' };
const BASE_FONT: Record<FontName, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** The standard fonts' metrics and encoding never change, so they are loaded once for every rendition. */
let loadedFonts: Promise<Fonts> | undefined;
function standardFonts(): Promise<Fonts> {
  loadedFonts ??= PDFDocument.create().then(async (metrics) => ({
    regular: await metrics.embedFont(StandardFonts.Helvetica),
    bold: await metrics.embedFont(StandardFonts.HelveticaBold),
  }));
  return loadedFonts;
}

type Writer = { pages: string[][]; page: string[]; y: number };

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

/** A coordinate as PDF writes numbers: plain decimals, never an exponent. */
function coordinate(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Text outside a content stream (the title) as PDF text: UTF-16BE with its byte order mark, in hex. */
function textString(value: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < value.length; index += 1)
    hex += value.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The file: catalog, page tree, fonts, the information dictionary, and each page with its content. */
function pdfFile(pages: string[][], title: string): Buffer {
  const objects: (string | Buffer)[] = [];
  const pageCount = pages.length;
  const info = 5;
  const firstPage = info + 1;
  const pageRefs = pages.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Catalog /Pages 2 0 R >>`);
  objects.push(`<< /Type /Pages /Kids [${pageRefs}] /Count ${pageCount} >>`);
  for (const font of ['regular', 'bold'] as const)
    objects.push(
      `<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONT[font]} /Encoding /WinAnsiEncoding >>`,
    );
  objects.push(
    `<< /Title ${textString(title)} /Creator (Bilag) /Producer (Bilag) /CreationDate (${pdfDate(new Date())}) >>`,
  );
  const fonts = `/Font << /${FONT_KEY.regular} 3 0 R /${FONT_KEY.bold} 4 0 R >>`;
  pages.forEach((operators, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << ${fonts} >> /Contents ${firstPage + index * 2 + 1} 0 R >>`,
    );
    const content = deflateSync(Buffer.from(operators.join('\n'), 'latin1'));
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        content,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });

  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(offset);
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(bytes);
    offset += bytes.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f\r',
    ...offsets.map((start) => `${String(start).padStart(10, '0')} 00000 n\r`),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

export async function renderEhfPdf(document: EhfDocument): Promise<Uint8Array> {
  const fonts = await standardFonts();
  const isInvoice = document.documentType === 'Invoice';
  const title = `${isInvoice ? 'Faktura' : 'Kreditnota'} ${document.id}`;

  const first: string[] = [];
  const writer: Writer = { pages: [first], page: first, y: PAGE.height - MARGIN };
  const nextLine = (height = LINE_HEIGHT) => {
    writer.y -= height;
    if (writer.y < MARGIN) {
      writer.page = [];
      writer.pages.push(writer.page);
      writer.y = PAGE.height - MARGIN;
    }
  };
  const draw = (shown: string, x: number, font: FontName, size: number, colour: string) => {
    writer.page.push(
      `q BT ${colour} rg /${FONT_KEY[font]} ${size} Tf 1 0 0 1 ${coordinate(x)} ${coordinate(writer.y)} Tm ${fonts[font].encodeText(shown).toString()} Tj ET Q`,
    );
  };
  const text = (
    value: string,
    x: number,
    options: { font?: FontName; size?: number; width?: number } = {},
  ) => {
    const font = options.font ?? 'regular';
    const size = options.size ?? 10;
    const metrics = fonts[font];
    draw(
      fitted(metrics, encodable(metrics, value), size, options.width ?? PAGE.width - MARGIN - x),
      x,
      font,
      size,
      TEXT_GREY,
    );
  };
  const rightAligned = (value: string, right: number, font: FontName = 'regular', size = 10) => {
    const shown = encodable(fonts[font], value);
    draw(shown, right - fonts[font].widthOfTextAtSize(shown, size), font, size, BLACK);
  };

  text(`${isInvoice ? 'Faktura' : 'Kreditnota'} ${document.id}`, MARGIN, { font: 'bold', size: 18 });
  nextLine(28);
  const party = (title: string, name: string | undefined, orgNumber: string | undefined, x: number) => {
    text(title, x, { font: 'bold', width: 230 });
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
    text(label, MARGIN, { font: 'bold', width: 120 });
    text(value, MARGIN + 130);
    nextLine();
  }
  nextLine();

  const columns = { item: MARGIN, quantity: 330, vat: 420, amount: PAGE.width - MARGIN };
  text('Beskrivelse', columns.item, { font: 'bold' });
  text('Antall', columns.quantity, { font: 'bold' });
  text('MVA', columns.vat, { font: 'bold' });
  rightAligned('Beløp', columns.amount, 'bold');
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

  text('MVA per sats', MARGIN, { font: 'bold' });
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
  text('Å betale', 330, { font: 'bold', width: 120 });
  rightAligned(amount(document.totals.payableAmount, document.currency), columns.amount, 'bold');
  nextLine(LINE_HEIGHT * 2);
  text('Laget av Bilag fra EHF-dokumentet, som ikke hadde en PDF med seg.', MARGIN, { size: 8 });
  return pdfFile(writer.pages, title);
}
