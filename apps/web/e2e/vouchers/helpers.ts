import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

/** Uploads make thumbnails on the server, which takes a while on a busy test machine. */
const UPLOAD_TIMEOUT_MS = 30_000;

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A small receipt-like PNG: white paper with grey text lines and a coloured header, so each test's
 * image is a real, decodable picture that the server can make a thumbnail of.
 */
export function receiptPng(headerColour: [number, number, number] = [4, 127, 145]): Buffer {
  const width = 180;
  const height = 260;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const isHeader = y < 34;
      const isTextLine = y > 50 && y % 18 < 5 && x > 16 && x < (y % 36 < 18 ? 150 : 110);
      const isTotalLine = y > 220 && y < 228 && x > 90 && x < 164;
      const [red, green, blue] = isHeader
        ? headerColour
        : isTotalLine
          ? [40, 40, 40]
          : isTextLine
            ? [170, 170, 170]
            : [255, 255, 255];
      row.writeUInt8(red, 1 + x * 3);
      row.writeUInt8(green, 2 + x * 3);
      row.writeUInt8(blue, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal one-page PDF with a line of text and a correct cross-reference table. */
export function invoicePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A name no other test (or earlier run) uses, so a test finds only what it made itself. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function pngFile(name: string, headerColour?: [number, number, number]): UploadFile {
  return { name, mimeType: 'image/png', buffer: receiptPng(headerColour) };
}

export function pdfFile(name: string, text = 'Faktura'): UploadFile {
  return { name, mimeType: 'application/pdf', buffer: invoicePdf(text) };
}

/** A first visit loads the voucher screens' code and four calls; a busy test machine needs the time. */
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

export async function openVoucherList(page: Page, companyAlias: string) {
  await page.goto(`/${companyAlias}/voucher`);
  await expect(page.getByTestId('voucher-statistics')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** Drops files on the voucher dropzone, as picking them in the file dialog would. */
export async function uploadVouchers(page: Page, files: UploadFile[]) {
  await page.getByTestId('voucher-dropzone').locator('input[type="file"]').setInputFiles(files);
}

export function uploadItem(page: Page, fileName: string): Locator {
  return page.getByTestId('upload-item').filter({ hasText: fileName });
}

/** Uploads files and answers the voucher numbers the server gave them, in the order given. */
export async function uploadAndWait(page: Page, files: UploadFile[]): Promise<number[]> {
  await uploadVouchers(page, files);
  const ids: number[] = [];
  for (const file of files) {
    const item = uploadItem(page, file.name);
    await expect(item).toHaveAttribute('data-state', 'done', { timeout: UPLOAD_TIMEOUT_MS });
    const link = item.getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    ids.push(Number(href.split('/').pop()));
  }
  return ids;
}

/** The number shown in one slot of the statistics strip: 1–12 for months, 0 for the year's total. */
export async function statisticsCount(page: Page, month: number): Promise<number> {
  const slot =
    month === 0 ? page.getByTestId('statistics-total') : page.getByTestId(`statistics-month-${month}`);
  return Number(await slot.getByTestId('statistics-count').textContent());
}

export function voucherRow(page: Page, voucherId: number): Locator {
  return page.getByTestId(`voucher-row-${voucherId}`);
}

/** The current month in Norway, which is where a voucher without a date is counted. */
export function currentMonthInNorway(): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', month: 'numeric' }).format(new Date()),
  );
}

export function currentYearInNorway(): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(new Date()),
  );
}
