/**
 * A one-page PDF 1.4 with lines of text in Helvetica: the visual copy a supplier embeds in an EHF
 * invoice. Written by hand (catalogue, page tree, page, font, content stream, cross-reference
 * table) so it is a few hundred bytes and every PDF reader opens it.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const LINE_HEIGHT = 16;

/** Text strings in a content stream escape their delimiters; WinAnsi covers æ, ø and å as Latin-1 does. */
function pdfString(text: string): string {
  const latin1 = text.replace(/[–—]/g, '-').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
  return `(${latin1.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

export function pdfWithText(lines: readonly string[]): Uint8Array {
  const [title = '', ...rest] = lines;
  const content = [
    'BT',
    `/F1 16 Tf ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td ${LINE_HEIGHT * 1.5} TL`,
    `${pdfString(title)} Tj T*`,
    `/F1 11 Tf ${LINE_HEIGHT} TL`,
    ...rest.map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Every character is one Latin-1 byte, so string lengths are byte offsets.
  let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
