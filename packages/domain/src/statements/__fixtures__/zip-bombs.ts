import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One part of a hand-built ZIP: its deflated bytes and what its headers say about it. */
export interface ZipPart {
  name: string;
  deflated: Uint8Array;
  crc: number;
  size: number;
}

/**
 * Deflates a part from its pieces as they come, so a part of hundreds of megabytes is built without ever
 * holding it: only the (small) deflated result is kept.
 */
export async function deflatePart(name: string, pieces: Iterable<Uint8Array>): Promise<ZipPart> {
  let crc = 0;
  let size = 0;
  function* counted(): Generator<Uint8Array> {
    for (const piece of pieces) {
      crc = crc32(piece, crc);
      size += piece.length;
      yield piece;
    }
  }
  const deflated = await buffer(Readable.from(counted()).pipe(createDeflateRaw({ level: 9 })));
  return { name, deflated: new Uint8Array(deflated), crc, size };
}

const encoder = new TextEncoder();

export function textPart(name: string, text: string): Promise<ZipPart> {
  return deflatePart(name, [encoder.encode(text)]);
}

/**
 * A ZIP archive of the parts (all deflated, no ZIP64). `declaredSize` says what the local and central
 * headers claim a part unpacks to; the truth by default, a lie when a test wants one.
 */
export function zipOf(
  parts: readonly ZipPart[],
  declaredSize: (part: ZipPart) => number = (part) => part.size,
): Uint8Array {
  const names = parts.map((part) => encoder.encode(part.name));
  const localLength = parts.reduce(
    (total, part, index) => total + 30 + (names[index]?.length ?? 0) + part.deflated.length,
    0,
  );
  const centralLength = names.reduce((total, name) => total + 46 + name.length, 0);
  const bytes = new Uint8Array(localLength + centralLength + 22);
  const view = new DataView(bytes.buffer);
  const offsets: number[] = [];
  let at = 0;
  const common = (part: ZipPart, name: Uint8Array, start: number) => {
    view.setUint16(start, 20, true); // version needed: 2.0 (deflate)
    view.setUint16(start + 2, 0, true); // flags: sizes in the header, no data descriptor
    view.setUint16(start + 4, 8, true); // method: deflate
    view.setUint16(start + 6, 0, true); // time
    view.setUint16(start + 8, 0x21, true); // date: 1980-01-01
    view.setUint32(start + 10, part.crc >>> 0, true);
    view.setUint32(start + 14, part.deflated.length, true);
    view.setUint32(start + 18, declaredSize(part), true);
    view.setUint16(start + 22, name.length, true);
    view.setUint16(start + 24, 0, true); // extra field length
  };
  parts.forEach((part, index) => {
    const name = names[index] ?? new Uint8Array();
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    common(part, name, at + 4);
    bytes.set(name, at + 30);
    bytes.set(part.deflated, at + 30 + name.length);
    at += 30 + name.length + part.deflated.length;
  });
  const centralOffset = at;
  parts.forEach((part, index) => {
    const name = names[index] ?? new Uint8Array();
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true); // version made by
    common(part, name, at + 6);
    // comment length, disk number, internal and external attributes stay 0
    view.setUint32(at + 42, offsets[index] ?? 0, true);
    bytes.set(name, at + 46);
    at += 46 + name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, at - centralOffset, true);
  view.setUint32(at + 16, centralOffset, true);
  return bytes;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const COLUMNS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A row of inline strings; exceljs wants every row and cell numbered. */
function row(number: number, cells: readonly string[]): string {
  const inline = cells
    .map(
      (text, index) => `<c r="${COLUMNS[index] ?? 'Z'}${number}" t="inlineStr"><is><t>${text}</t></is></c>`,
    )
    .join('');
  return `<row r="${number}">${inline}</row>`;
}

/** The parts of a minimal workbook, the sheet's rows given as pieces of XML so a huge sheet need not exist at once. */
async function workbookParts(sheetRows: Iterable<Uint8Array>): Promise<ZipPart[]> {
  const sheetStart = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`;
  const sheetEnd = '</sheetData></worksheet>';
  function* sheet(): Generator<Uint8Array> {
    yield encoder.encode(sheetStart);
    yield* sheetRows;
    yield encoder.encode(sheetEnd);
  }
  return Promise.all([
    textPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    textPart(
      '_rels/.rels',
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    textPart(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}"><sheets><sheet name="Transaksjoner" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    deflatePart('xl/worksheets/sheet1.xml', sheet()),
  ]);
}

/** A small, well-formed workbook built by the same writer as the bombs, so a refusal is for the size alone. */
export async function buildHandmadeXlsx(rows: readonly (readonly string[])[]): Promise<Uint8Array> {
  return zipOf(await workbookParts(rows.map((cells, index) => encoder.encode(row(index + 1, cells)))));
}

/**
 * A workbook whose sheet XML is `sheetBytes` long (about) but deflates to roughly a thousandth of that:
 * one statement row repeated, each copy numbered 2 (a reader keeps the last, so the sheet stays valid).
 * With `lie`, its headers claim every part unpacks to a few kilobytes.
 */
export async function buildXlsxBomb(
  sheetBytes: number,
  options: { lie?: boolean } = {},
): Promise<Uint8Array> {
  const line = row(2, ['24.10.2025', 'REMA 1000 OSLO', '', '', '', '150,50']);
  const block = encoder.encode(line.repeat(Math.ceil((1024 * 1024) / line.length)));
  function* rows(): Generator<Uint8Array> {
    for (let written = 0; written < sheetBytes; written += block.length) yield block;
  }
  const parts = await workbookParts(rows());
  return zipOf(parts, options.lie === true ? (part) => Math.min(part.size, 4096) : undefined);
}
