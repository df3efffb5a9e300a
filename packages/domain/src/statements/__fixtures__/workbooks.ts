import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

export type FixtureCell = string | number | Date | null;

/** An .xlsx workbook with one sheet holding `rows`, written by exceljs; dates get a date format. */
export async function buildXlsx(
  rows: readonly (readonly FixtureCell[])[],
  sheetName = 'Transaksjoner',
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) {
    const added = sheet.addRow([...row]);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A legacy .xls (BIFF8) workbook with one sheet holding `rows`, written by SheetJS. */
export function buildXls(rows: readonly (readonly FixtureCell[])[], sheetName = 'Transaksjoner'): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), sheetName);
  const written: ArrayBuffer = XLSX.write(workbook, { bookType: 'biff8', type: 'array' });
  return new Uint8Array(written);
}
