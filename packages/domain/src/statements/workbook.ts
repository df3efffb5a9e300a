import type { WorkBook } from '@e965/xlsx';
import type { CellValue as ExcelJsCellValue } from 'exceljs';
import { DomainError } from '../errors';
import type { CellValue } from './types';
import { assertZipUnpacksWithin } from './zip-bound';

export interface WorkbookTable {
  rows: CellValue[][];
  sheetName: string;
  /** Whether serial dates count from 1904 (old Mac workbooks) rather than 1900. */
  date1904: boolean;
}

export interface WorkbookReadOptions {
  /** 0-based sheet index; the first sheet by default. */
  sheet?: number;
  /**
   * Refuse xlsx workbooks whose parts unpack to more than this many bytes in all, declared or really
   * inflated (zip bomb guard); {@link DEFAULT_MAX_UNPACKED_BYTES} by default.
   */
  maxUnpackedBytes?: number;
  /** Refuse xls workbooks larger than this; {@link DEFAULT_MAX_XLS_BYTES} by default. */
  maxXlsBytes?: number;
}

/**
 * exceljs holds every part as a string and builds a model of every cell, several times the XML's size in
 * memory, so the XML is kept small. A 100,000-row bank export written by exceljs unpacks to 25 MB (some
 * 260 bytes a row, shared strings included), so 64 MiB still takes about 250,000 transactions.
 */
export const DEFAULT_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * BIFF8 is not compressed (no bomb to inflate) and holds at most 65,536 rows a sheet, so a statement in it
 * is a few megabytes; SheetJS parses the whole file into cell objects, so the file's size is what is bounded.
 */
export const DEFAULT_MAX_XLS_BYTES = 32 * 1024 * 1024;

function unreadable(format: string, error: unknown): DomainError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DomainError('UNSUPPORTED_FILE', `The ${format} workbook could not be read: ${reason}`, {
    format,
  });
}

function missingSheet(sheet: number, count: number): DomainError {
  return new DomainError('UNSUPPORTED_FILE', `The workbook has no sheet ${sheet + 1} (it has ${count})`, {
    sheet,
    count,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/** exceljs wraps rich text, formulas and links in objects; a statement only needs what the cell shows. */
function plainExcelJsValue(value: ExcelJsCellValue): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (!isRecord(value)) return null;
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((part) => part.text).join('');
  }
  if ('result' in value) return plainExcelJsValue(value.result as ExcelJsCellValue);
  if ('formula' in value || 'sharedFormula' in value) return null;
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null;
}

/** Reads one sheet of an .xlsx workbook (Office Open XML) with exceljs. */
export async function readXlsxTable(
  bytes: Uint8Array,
  options: WorkbookReadOptions = {},
): Promise<WorkbookTable> {
  await assertZipUnpacksWithin(bytes, options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES);
  // Loaded on first use: most statements are CSV, and these libraries are large.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  } catch (error) {
    throw unreadable('xlsx', error);
  }
  const sheetIndex = options.sheet ?? 0;
  const worksheet = workbook.worksheets[sheetIndex];
  if (worksheet === undefined) throw missingSheet(sheetIndex, workbook.worksheets.length);
  const rows: CellValue[][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
      cells[columnNumber - 1] = plainExcelJsValue(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return {
    rows: Array.from(rows, (row) => row ?? []),
    sheetName: worksheet.name,
    date1904: workbook.properties.date1904 === true,
  };
}

function plainSheetJsValue(value: unknown): CellValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return null;
}

/** Reads one sheet of a legacy .xls workbook (BIFF, OLE2) with SheetJS. Dates stay serial numbers. */
export async function readXlsTable(
  bytes: Uint8Array,
  options: WorkbookReadOptions = {},
): Promise<WorkbookTable> {
  const limit = options.maxXlsBytes ?? DEFAULT_MAX_XLS_BYTES;
  if (bytes.length > limit) {
    throw new DomainError('FILE_TOO_LARGE', `xls workbooks larger than ${limit} bytes are not read`, {
      size: bytes.length,
      limit,
    });
  }
  const XLSX = await import('@e965/xlsx');
  let workbook: WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      dense: true,
    });
  } catch (error) {
    throw unreadable('xls', error);
  }
  const sheetIndex = options.sheet ?? 0;
  const sheetName = workbook.SheetNames[sheetIndex];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheetName === undefined || sheet === undefined)
    throw missingSheet(sheetIndex, workbook.SheetNames.length);
  const raw: unknown[][] = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return {
    rows: raw.map((row) => (Array.isArray(row) ? row.map(plainSheetJsValue) : [])),
    sheetName,
    date1904: workbook.Workbook?.WBProps?.date1904 === true,
  };
}
