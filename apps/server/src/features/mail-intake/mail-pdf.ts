import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

export type MailForPdf = {
  labels: { from: string; to: string; subject: string; date: string };
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
};

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FONT_SIZE = 10.5;
const LINE_HEIGHT = 14;
/** A mail's text beyond this is cut: the voucher is a receipt, not an archive of the whole thread. */
const MAX_TEXT_CHARS = 60_000;

/**
 * The standard fonts speak WinAnsi, which holds æ, ø and å but not every character a mail may carry;
 * the others are shown as a question mark rather than failing the whole voucher.
 */
function encodable(font: PDFFont, text: string): string {
  let result = '';
  for (const character of text) {
    try {
      font.encodeText(character);
      result += character;
    } catch {
      result += '?';
    }
  }
  return result;
}

function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (font.widthOfTextAtSize(candidate, FONT_SIZE) <= width) {
        line = candidate;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = word.trimStart();
      // A word wider than the page (a long link) is broken where it reaches the margin.
      while (font.widthOfTextAtSize(line, FONT_SIZE) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), FONT_SIZE) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A mail without attachments as a readable A4 PDF: its headers, then its text. */
export async function renderMailPdf(mail: MailForPdf): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  document.setTitle(encodable(font, mail.subject));
  document.setProducer('Bilag');
  const width = PAGE_WIDTH - 2 * MARGIN;
  let page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const nextLine = () => {
    y -= LINE_HEIGHT;
    if (y < MARGIN) {
      page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      y = PAGE_HEIGHT - MARGIN - LINE_HEIGHT;
    }
  };
  const headers: [string, string][] = [
    [mail.labels.from, mail.from],
    [mail.labels.to, mail.to],
    [mail.labels.date, mail.date],
    [mail.labels.subject, mail.subject],
  ];
  for (const [label, value] of headers) {
    nextLine();
    const labelText = `${encodable(bold, label)}: `;
    page.drawText(labelText, { x: MARGIN, y, size: FONT_SIZE, font: bold });
    const indent = bold.widthOfTextAtSize(labelText, FONT_SIZE);
    const [first = '', ...rest] = wrap(font, encodable(font, value), width - indent);
    page.drawText(first, { x: MARGIN + indent, y, size: FONT_SIZE, font });
    for (const line of rest) {
      nextLine();
      page.drawText(line, { x: MARGIN + indent, y, size: FONT_SIZE, font });
    }
  }
  nextLine();
  page.drawLine({
    start: { x: MARGIN, y: y - 4 },
    end: { x: PAGE_WIDTH - MARGIN, y: y - 4 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  nextLine();
  for (const line of wrap(font, encodable(font, mail.text.slice(0, MAX_TEXT_CHARS)), width)) {
    nextLine();
    if (line !== '') page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
  }
  return Buffer.from(await document.save());
}
