import { readdirSync, readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { HAS_SAMPLES, MISSING_SAMPLES_MESSAGE, samplePath } from '../__fixtures__/public-samples';
import { buildXls, buildXlsx } from '../statements/__fixtures__/workbooks';
import { buildZip } from './__fixtures__/zip';
import { isAllowedImage, isSpreadsheet, listZipEntries, sniffFileType } from './sniff';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0);
const OLE2_HEADER = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const OOXML_PARTS = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  '_rels/.rels': '<Relationships/>',
  'xl/workbook.xml': '<workbook/>',
};

describe('sniffFileType', () => {
  it('recognises images by their magic bytes', () => {
    expect(sniffFileType(JPEG)).toBe('jpg');
    expect(sniffFileType(PNG)).toBe('png');
  });

  it('recognises a PDF, also with junk before its header', () => {
    expect(sniffFileType(text('%PDF-1.7\n1 0 obj\n'))).toBe('pdf');
    expect(sniffFileType(new Uint8Array([0, 1, 2, ...text('%PDF-1.4\n')]))).toBe('pdf');
  });

  it('recognises an xlsx workbook written by exceljs', async () => {
    expect(sniffFileType(await buildXlsx([['Dato', 'Beløp']]))).toBe('xlsx');
  });

  it('tells an xlsx package from other ZIP archives by its parts', () => {
    expect(sniffFileType(buildZip(OOXML_PARTS))).toBe('xlsx');
    expect(sniffFileType(buildZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' }))).toBe(
      'unknown',
    );
    expect(sniffFileType(buildZip({ 'photo.jpg': JPEG }))).toBe('unknown');
  });

  it('finds the parts of a ZIP cut short by walking its local headers', () => {
    const zip = buildZip(OOXML_PARTS);
    const cut = zip.subarray(0, zip.length - 60);
    expect(listZipEntries(cut).map((entry) => entry.name)).toEqual(Object.keys(OOXML_PARTS));
  });

  it('recognises a legacy xls workbook and refuses other OLE2 documents', () => {
    expect(sniffFileType(buildXls([['Dato', 'Beløp']]))).toBe('xls');
    const wordDocument = new Uint8Array(1024);
    wordDocument.set(OLE2_HEADER);
    wordDocument.set(new Uint8Array(iconv.encode('WordDocument', 'utf16le')), 600);
    expect(sniffFileType(wordDocument)).toBe('unknown');
  });

  it('recognises XML, with or without a declaration or byte order mark', () => {
    expect(sniffFileType(text('<?xml version="1.0"?><Document/>'))).toBe('xml');
    expect(sniffFileType(text('\uFEFF\n  <Invoice xmlns="urn:x">'))).toBe('xml');
    expect(sniffFileType(text('<!-- bank file --><Document/>'))).toBe('xml');
  });

  it('does not take an HTML page for XML', () => {
    expect(sniffFileType(text('<!DOCTYPE html><html><table></table></html>'))).toBe('unknown');
    expect(sniffFileType(text('<html><body/></html>'))).toBe('unknown');
  });

  it('recognises CSV text in UTF-8, Windows-1252 and UTF-16', () => {
    expect(sniffFileType(text('Dato;Beløp\n01.01.2025;1,00\n'))).toBe('csv');
    expect(sniffFileType(new Uint8Array(iconv.encode('Dato;Beløp\r\n', 'win1252')))).toBe('csv');
    expect(sniffFileType(new Uint8Array([0xff, 0xfe, ...iconv.encode('Dato;Beløp', 'utf16le')]))).toBe('csv');
  });

  it('refuses binary content, empty files and whitespace', () => {
    expect(sniffFileType(bytes(0x00, 0x01, 0x02, 0x03))).toBe('unknown');
    expect(sniffFileType(text('Dato;Beløp\u0000\n'))).toBe('unknown');
    expect(sniffFileType(new Uint8Array(0))).toBe('unknown');
    expect(sniffFileType(text(' \n\t'))).toBe('unknown');
  });

  it('goes by content, not by what the name promises', () => {
    expect(sniffFileType(PNG)).not.toBe('csv');
    expect(isAllowedImage(JPEG)).toBe(true);
    expect(isAllowedImage(text('%PDF-1.4'))).toBe(false);
    expect(isSpreadsheet(text('a;b\n'))).toBe(true);
    expect(isSpreadsheet(PNG)).toBe(false);
  });
});

describe.skipIf(!HAS_SAMPLES)(
  `sniffing the public samples (${HAS_SAMPLES ? 'present' : MISSING_SAMPLES_MESSAGE})`,
  () => {
    it('sees every bank export as csv or xlsx', () => {
      for (const name of readdirSync(samplePath('bank-csv'))) {
        const expected = name.endsWith('.xlsx') ? 'xlsx' : 'csv';
        expect(sniffFileType(readFileSync(samplePath('bank-csv', name))), name).toBe(expected);
      }
    });

    it('sees every ISO 20022 and EHF file as xml', () => {
      for (const folder of ['iso20022', 'ehf']) {
        for (const name of readdirSync(samplePath(folder))) {
          expect(sniffFileType(readFileSync(samplePath(folder, name))), name).toBe('xml');
        }
      }
    });
  },
);
