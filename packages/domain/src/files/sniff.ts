import { isUtf8 } from '../text/decode';

export type SniffedFileType = 'jpg' | 'png' | 'pdf' | 'xlsx' | 'xls' | 'csv' | 'xml' | 'unknown';

export const FILE_TYPE_MIME: Readonly<Record<Exclude<SniffedFileType, 'unknown'>, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
  xml: 'application/xml',
};

/** Text checks look at the start of the file only, so sniffing a large CSV stays cheap. */
const TEXT_SNIFF_BYTES = 64 * 1024;
/** The PDF header may follow some junk; readers look for it within the first kilobyte. */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function readUint16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (readUint16(bytes, at) | (readUint16(bytes, at + 2) << 16)) >>> 0;
}

const latin1 = new TextDecoder('latin1');

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

function centralDirectoryEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (readUint32(bytes, at) !== END_OF_CENTRAL_DIRECTORY) continue;
    const count = readUint16(bytes, at + 10);
    let offset = readUint32(bytes, at + 16);
    const entries: ZipEntry[] = [];
    for (let index = 0; index < count; index += 1) {
      if (offset + 46 > bytes.length || readUint32(bytes, offset) !== CENTRAL_DIRECTORY_HEADER)
        return undefined;
      const nameLength = readUint16(bytes, offset + 28);
      const extraLength = readUint16(bytes, offset + 30);
      const commentLength = readUint16(bytes, offset + 32);
      entries.push({
        name: latin1.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
        compressedSize: readUint32(bytes, offset + 20),
        uncompressedSize: readUint32(bytes, offset + 24),
      });
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }
  return undefined;
}

/** For archives cut short or without a readable central directory: walk the local file headers. */
function localHeaderEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let offset = 0;
  while (offset + 30 <= bytes.length && readUint32(bytes, offset) === LOCAL_FILE_HEADER) {
    const flags = readUint16(bytes, offset + 6);
    const compressedSize = readUint32(bytes, offset + 18);
    const nameLength = readUint16(bytes, offset + 26);
    const extraLength = readUint16(bytes, offset + 28);
    entries.push({
      name: latin1.decode(bytes.subarray(offset + 30, offset + 30 + nameLength)),
      compressedSize,
      uncompressedSize: readUint32(bytes, offset + 22),
    });
    // With a data descriptor (flag bit 3) the sizes come after the data, so the next header cannot be found.
    if ((flags & 0x08) !== 0) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return entries;
}

/** The entries of a ZIP archive as its directory lists them (sizes as declared, not verified). */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  return centralDirectoryEntries(bytes) ?? localHeaderEntries(bytes);
}

function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

function isSpreadsheetPackage(bytes: Uint8Array): boolean {
  const names = new Set(listZipEntries(bytes).map((entry) => entry.name));
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml');
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function utf16leBytes(text: string): number[] {
  return [...text].flatMap((character) => [character.charCodeAt(0), 0]);
}

const WORKBOOK_STREAM = utf16leBytes('Workbook');
const BIFF5_BOOK_STREAM = utf16leBytes('Book\u0000');

function containsBytes(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let at = bytes.indexOf(first ?? 0); at >= 0; at = bytes.indexOf(first ?? 0, at + 1)) {
    if (startsWith(bytes, needle, at)) return true;
  }
  return false;
}

/** An OLE2 compound file is an Excel workbook when its directory holds a "Workbook" (or BIFF5 "Book") stream. */
function isExcelCompoundFile(bytes: Uint8Array): boolean {
  return containsBytes(bytes, WORKBOOK_STREAM) || containsBytes(bytes, BIFF5_BOOK_STREAM);
}

function isPdf(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, PDF_HEADER_WINDOW);
  return latin1.decode(window).includes('%PDF-');
}

function textStart(bytes: Uint8Array): string | undefined {
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  if (startsWith(head, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(head);
  if (startsWith(head, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(head);
  for (const byte of head) {
    // NUL and most C0 controls never occur in text files; tab, line feed, form feed and carriage return do.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) {
      return undefined;
    }
  }
  const truncated = bytes.length > head.length;
  return isUtf8(head, truncated) ? new TextDecoder('utf-8').decode(head) : latin1.decode(head);
}

function looksLikeXml(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<?xml')) return true;
  if (/^<!doctype\s+html|^<html[\s>]/i.test(start)) return false;
  return /^<(?:!--|[A-Za-z_][\w.:-]*[\s>/])/.test(start);
}

/**
 * Recognises an uploaded file by its content, never by its name: images (jpg, png), pdf, Excel workbooks
 * (xlsx by a ZIP package with xl/workbook.xml, xls by an OLE2 file with a Workbook stream), XML, and
 * CSV for any other text (no NUL bytes, valid UTF-8/UTF-16 or single-byte text).
 */
export function sniffFileType(bytes: Uint8Array): SniffedFileType {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return 'unknown';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (isZip(bytes)) return isSpreadsheetPackage(bytes) ? 'xlsx' : 'unknown';
  if (startsWith(bytes, OLE2)) return isExcelCompoundFile(bytes) ? 'xls' : 'unknown';
  if (isPdf(bytes)) return 'pdf';
  const text = textStart(bytes);
  if (text === undefined || text.trim().length === 0) return 'unknown';
  if (text.trimStart().startsWith('<')) return looksLikeXml(text) ? 'xml' : 'unknown';
  return 'csv';
}

export const IMAGE_FILE_TYPES: readonly SniffedFileType[] = ['jpg', 'png'];
export const SPREADSHEET_FILE_TYPES: readonly SniffedFileType[] = ['xlsx', 'xls', 'csv'];

export function isAllowedImage(bytes: Uint8Array): boolean {
  return IMAGE_FILE_TYPES.includes(sniffFileType(bytes));
}

export function isSpreadsheet(bytes: Uint8Array): boolean {
  return SPREADSHEET_FILE_TYPES.includes(sniffFileType(bytes));
}
