import { createRequire } from 'node:module';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { buildHandmadeXlsx, textPart, type ZipPart, zipOf } from './__fixtures__/zip-bombs';
import { previewStatement, readStatement } from './read-statement';
import { readXlsxTable } from './workbook';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A sheet of rows given as the XML of their cells. */
function sheet(rows: readonly string[]): string {
  const xml = rows.map((cells, index) => `<row r="${index + 1}">${cells}</row>`).join('');
  return `<worksheet xmlns="${MAIN}"><sheetData>${xml}</sheetData></worksheet>`;
}

function inline(reference: string, text: string): string {
  return `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

const HEADER = `${inline('A1', 'Dato')}${inline('B1', 'Beløpet gjelder')}${inline('C1', 'Inn')}${inline('D1', 'Ut')}`;

/**
 * The parts of a workbook of two sheets as LibreOffice and others store them: sheets first, the
 * workbook's own parts after. The workbook lists "Transaksjoner" (sheet2.xml, by an absolute target)
 * before "Notater" (sheet1.xml); its dates are serial numbers (45659 is 2 January 2025) styled with the
 * built-in date format 14.
 */
async function twoSheetParts(options: { date1904?: boolean } = {}): Promise<ZipPart[]> {
  return Promise.all([
    textPart(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    textPart(
      'xl/worksheets/sheet1.xml',
      sheet([inline('A1', 'Notater'), inline('A2', 'ikke en kontoutskrift')]),
    ),
    textPart(
      'xl/worksheets/sheet2.xml',
      sheet([
        HEADER,
        `<c r="A2" s="1"><v>45659</v></c><c r="B2" t="s"><v>0</v></c><c r="D2"><v>12.5</v></c>`,
        `<c r="A3" s="1"><v>45660</v></c><c r="B3" t="s"><v>1</v></c><c r="C3"><v>100</v></c>`,
      ]),
    ),
    textPart(
      'xl/sharedStrings.xml',
      `<sst xmlns="${MAIN}" count="2" uniqueCount="2"><si><t>Kiwi Bjølsen</t></si><si><r><t>Lønn </t></r><r><rPr><b/></rPr><t>januar</t></r></si></sst>`,
    ),
    textPart(
      'xl/styles.xml',
      `<styleSheet xmlns="${MAIN}"><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    textPart(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Transaksjoner" sheetId="2" r:id="rId7"/><sheet name="Notater" sheetId="1" r:id="rId3"/></sheets></workbook>`,
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId3" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${OFFICE}/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    ),
  ]);
}

/**
 * The archive with one more part stored ahead of the others that its central directory does not list:
 * a reader that walks local headers would meet it first, one that reads the directory never does.
 */
function withUnlistedPart(parts: readonly ZipPart[], unlisted: ZipPart): Uint8Array {
  const bytes = zipOf([unlisted, ...parts]);
  const view = new DataView(bytes.buffer);
  const end = bytes.length - 22;
  const directoryStart = view.getUint32(end + 16, true);
  const unlistedRecord = 46 + new TextEncoder().encode(unlisted.name).length;
  const archive = new Uint8Array(bytes.length - unlistedRecord);
  archive.set(bytes.subarray(0, directoryStart));
  archive.set(bytes.subarray(directoryStart + unlistedRecord), directoryStart);
  const archiveView = new DataView(archive.buffer);
  const archiveEnd = archive.length - 22;
  archiveView.setUint16(archiveEnd + 8, parts.length, true);
  archiveView.setUint16(archiveEnd + 10, parts.length, true);
  archiveView.setUint32(archiveEnd + 12, archiveEnd - directoryStart, true);
  return archive;
}

describe('xlsx workbooks, whatever order their parts are stored in', () => {
  it('reads the sheet the workbook lists first, with its shared strings and date formats', async () => {
    const table = await readXlsxTable(zipOf(await twoSheetParts()));
    expect(table.sheetName).toBe('Transaksjoner');
    expect(table.date1904).toBe(false);
    expect(table.rows).toEqual([
      ['Dato', 'Beløpet gjelder', 'Inn', 'Ut'],
      [new Date(Date.UTC(2025, 0, 2)), 'Kiwi Bjølsen', null, 12.5],
      [new Date(Date.UTC(2025, 0, 3)), 'Lønn januar', 100],
    ]);
    const statement = await readStatement(zipOf(await twoSheetParts()));
    expect(statement.rows).toMatchObject([
      { rowIndex: 1, date: '2025-01-02', text: 'Kiwi Bjølsen', amount: -1250 },
      { rowIndex: 2, date: '2025-01-03', text: 'Lønn januar', amount: 10000 },
    ]);
  });

  it('reads another sheet by its place in the workbook, and names a sheet that is not there', async () => {
    const bytes = zipOf(await twoSheetParts());
    await expect(readXlsxTable(bytes, { sheet: 1 })).resolves.toMatchObject({
      sheetName: 'Notater',
      rows: [['Notater'], ['ikke en kontoutskrift']],
    });
    await expect(readXlsxTable(bytes, { sheet: 2 })).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
      details: { sheet: 2, count: 2 },
    });
  });

  it('counts serial dates from 1904 where the workbook says so', async () => {
    const table = await readXlsxTable(zipOf(await twoSheetParts({ date1904: true })));
    expect(table.date1904).toBe(true);
    expect(table.rows[1]?.[0]).toEqual(new Date(Date.UTC(2029, 0, 3)));
  });

  it('never reads a part the central directory does not list', async () => {
    const forged = await textPart(
      'xl/worksheets/sheet2.xml',
      sheet([HEADER, `${inline('A2', '01.01.2025')}${inline('B2', 'Forfalsket')}${inline('D2', '999')}`]),
    );
    const bytes = withUnlistedPart(await twoSheetParts(), forged);
    const statement = await readStatement(bytes);
    expect(statement.rows.map((row) => row.text)).toEqual(['Kiwi Bjølsen', 'Lønn januar']);
  });

  it('previews the first rows of a long sheet without reading it to its end', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_, index) =>
        `${inline(`A${index + 2}`, '02.01.2025')}${inline(`B${index + 2}`, `Kjøp ${index}`)}<c r="D${index + 2}"><v>${index}</v></c>`,
    );
    const parts = await twoSheetParts();
    const long = await textPart('xl/worksheets/sheet2.xml', sheet([HEADER, ...rows]));
    const bytes = zipOf(parts.map((part) => (part.name === long.name ? long : part)));
    const preview = await previewStatement(bytes, { maxRows: 5 });
    expect(preview.rows.map((row) => row.cells[1])).toEqual([
      'Beløpet gjelder',
      'Kjøp 0',
      'Kjøp 1',
      'Kjøp 2',
      'Kjøp 3',
    ]);
    expect(preview.headerRowIndex).toBe(0);
    const statement = await readStatement(bytes);
    expect(statement.rows).toHaveLength(2000);
  });

  it('reads a workbook of inline strings without spilling its sheet to a temporary file', async () => {
    // exceljs's streaming reader writes a sheet it cannot read yet to a file made by the tmp package.
    const fromExcelJs = createRequire(createRequire(import.meta.url).resolve('exceljs/package.json'));
    const tmp: { file: (...args: unknown[]) => unknown } = fromExcelJs('tmp');
    const makeFile = tmp.file;
    let spilled = 0;
    tmp.file = (...args) => {
      spilled += 1;
      return makeFile(...args);
    };
    try {
      const table = await readXlsxTable(
        await buildHandmadeXlsx([
          ['Dato', 'Tekst'],
          ['02.01.2025', 'Kiwi'],
        ]),
      );
      expect(table.rows).toEqual([
        ['Dato', 'Tekst'],
        ['02.01.2025', 'Kiwi'],
      ]);
    } finally {
      tmp.file = makeFile;
    }
    expect(spilled).toBe(0);
  });

  it('answers a damaged part with a statement or a refusal, never with another failure', async () => {
    const parts = await twoSheetParts();
    const texts = new Map<string, string>([
      [
        'xl/worksheets/sheet2.xml',
        sheet([HEADER, `<c r="A2" s="1"><v>45659</v></c><c r="B2" t="s"><v>0</v></c>`]),
      ],
      ['xl/sharedStrings.xml', `<sst xmlns="${MAIN}"><si><t>Kiwi &amp; Rema</t></si></sst>`],
      [
        'xl/workbook.xml',
        `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="T" sheetId="2" r:id="rId7"/></sheets></workbook>`,
      ],
    ]);
    const names = [...texts.keys()];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.constantFrom(
          '',
          '<',
          '>',
          '&',
          '"',
          '<c r="A9999999">',
          '<row r="-1">',
          '&#0;',
          '<!DOCTYPE x>',
          ']]>',
        ),
        async (name, at, cut, inserted) => {
          const text = texts.get(name) ?? '';
          const start = at % (text.length + 1);
          const damaged = text.slice(0, start) + inserted + text.slice(start + cut);
          const part = await textPart(name, damaged);
          const bytes = zipOf(parts.map((each) => (each.name === name ? part : each)));
          const outcome = await readStatement(bytes).then(
            () => 'read',
            (error: unknown) => error,
          );
          if (outcome !== 'read') expect(outcome).toBeInstanceOf(DomainError);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a workbook another library wrote (SheetJS: its own part order, date cells, shared strings)', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Dato', 'Beløpet gjelder', 'Inn', 'Ut'],
        [new Date(Date.UTC(2025, 0, 2)), 'Kiwi Bjølsen', null, 12.5],
        [new Date(Date.UTC(2025, 0, 3)), 'Lønn', 100, null],
      ],
      { cellDates: true },
    );
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Forside']]), 'Forside');
    XLSX.utils.book_append_sheet(workbook, sheet, 'Transaksjoner');
    const bytes = new Uint8Array(XLSX.write(workbook, { bookType: 'xlsx', type: 'array', bookSST: true }));
    const statement = await readStatement(bytes, { sheet: 1 });
    expect(statement.rows).toMatchObject([
      { rowIndex: 1, date: '2025-01-02', text: 'Kiwi Bjølsen', amount: -1250 },
      { rowIndex: 2, date: '2025-01-03', text: 'Lønn', amount: 10000 },
    ]);
  });
});
