/// <reference path="./exceljs-workbook-reader.d.ts" />
import type { WorkBook } from '@e965/xlsx';
import type { CellValue as ExcelJsCellValue, Row } from 'exceljs';
import { DomainError } from '../errors';
import type { CellValue } from './types';
import { assertZipUnpacksWithin, repackZip } from './zip-bound';

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
 * A 100,000-row bank export written by exceljs unpacks to 25 MB (some 260 bytes a row, shared strings
 * included), so 64 MiB takes about 250,000 transactions. The workbook's shared strings are held while
 * its sheet is read, and the unpacked parts pass through the reader once each.
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
  if (value === undefined || value === null || value === '') return null;
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

/** The parts of a workbook that say which sheet is which and what its cells mean, read before any sheet. */
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
/** The sheet parts exceljs reads; a sheet stored under another name is not seen by it at all. */
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * exceljs's streaming reader as it is at run time, beyond its typings: an event emitter that tells each part
 * it reaches, and what it knows once it has read the workbook's own parts.
 */
interface WorkbookReaderState {
  on(event: 'entry', listener: (entry: { type?: string; id?: string }) => void): void;
  model?: { sheets?: { name?: string; rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
  properties?: { model?: { date1904?: boolean } };
  sharedStrings?: unknown[];
}

/** The part a sheet's relationship points to, resolved as exceljs resolves it when it loads a workbook. */
function sheetPartOf(target: string): string {
  return `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
}

/** The workbook's sheets in the order it lists them, each with its part, leaving out any with no part. */
function listedSheets(
  state: WorkbookReaderState,
  parts: ReadonlySet<string>,
): { name: string; part: string }[] {
  const targets = new Map((state.workbookRels ?? []).map((rel) => [rel.Id, rel.Target]));
  return (state.model?.sheets ?? []).flatMap((sheet) => {
    const target = targets.get(sheet.rId);
    if (target === undefined) return [];
    const part = sheetPartOf(target);
    return parts.has(part) ? [{ name: sheet.name ?? '', part }] : [];
  });
}

export interface WorkbookSheet {
  sheetName: string;
  /** Whether serial dates count from 1904 (old Mac workbooks) rather than 1900. */
  date1904: boolean;
  /** The sheet's rows from its first, an empty row for each row the sheet leaves out; stop early at will. */
  rows: AsyncGenerator<CellValue[], void, undefined>;
}

/**
 * Opens one sheet of an .xlsx workbook (Office Open XML) for reading row by row with exceljs's streaming
 * reader, so rows can be used while later ones are still being read. The archive is first checked against
 * the unpacked-size bound, then repacked with the workbook's own parts (relationships, sheet list, styles,
 * shared strings) ahead of the sheets, which is the order a streaming reader needs to know every cell's
 * type and format as it reaches it, whatever order the writer chose.
 */
export async function openXlsxSheet(
  bytes: Uint8Array,
  options: WorkbookReadOptions = {},
): Promise<WorkbookSheet> {
  await assertZipUnpacksWithin(bytes, options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES);
  let sheetParts: string[] = [];
  let hasSharedStrings = false;
  const archive = repackZip(bytes, (names) => {
    sheetParts = names.filter((name) => SHEET_PART.test(name));
    hasSharedStrings = names.includes(SHARED_STRINGS);
    const optional = [STYLES, SHARED_STRINGS].filter((name) => names.includes(name));
    return [WORKBOOK_RELATIONSHIPS, WORKBOOK, ...optional, ...sheetParts];
  });
  // Loaded on first use: most statements are CSV, and these libraries are large.
  const [{ default: WorkbookReader }, { Readable }] = await Promise.all([
    import('exceljs/lib/stream/xlsx/workbook-reader.js'),
    import('node:stream'),
  ]);
  const reader = new WorkbookReader(Readable.from([Buffer.from(archive)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const state = reader as unknown as WorkbookReaderState;
  // The reader waits for shared strings before it reads a sheet, spilling the sheet to a temporary file
  // meanwhile; a workbook of inline strings has none to wait for.
  if (!hasSharedStrings) state.sharedStrings = [];
  let partReached = '';
  state.on('entry', (entry) => {
    if (entry.type === 'worksheet') partReached = `xl/worksheets/sheet${entry.id}.xml`;
  });
  const worksheets = reader[Symbol.asyncIterator]();
  const sheetIndex = options.sheet ?? 0;
  for (;;) {
    let next: IteratorResult<ExcelJsWorksheetReader>;
    try {
      next = await worksheets.next();
    } catch (error) {
      throw unreadable('xlsx', error);
    }
    const sheets = listedSheets(state, new Set(sheetParts));
    const wanted = sheets[sheetIndex];
    if (next.done || wanted === undefined) {
      await worksheets.return(undefined);
      throw missingSheet(sheetIndex, sheets.length);
    }
    if (partReached === wanted.part) {
      return {
        sheetName: wanted.name,
        date1904: state.properties?.model?.date1904 === true,
        rows: sheetRows(next.value, worksheets),
      };
    }
  }
}

type ExcelJsWorksheetReader = AsyncIterable<Row>;

async function* sheetRows(
  worksheet: ExcelJsWorksheetReader,
  worksheets: AsyncGenerator<ExcelJsWorksheetReader>,
): AsyncGenerator<CellValue[], void, undefined> {
  try {
    let nextRowNumber = 1;
    for await (const row of worksheet) {
      for (; nextRowNumber < row.number; nextRowNumber += 1) yield [];
      const cells: CellValue[] = [];
      row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
        cells[columnNumber - 1] = plainExcelJsValue(cell.value);
      });
      yield Array.from(cells, (cell) => cell ?? null);
      nextRowNumber = row.number + 1;
    }
  } catch (error) {
    throw unreadable('xlsx', error);
  } finally {
    // The sheets after this one are not wanted: the archive's walk ends here.
    await worksheets.return(undefined);
  }
}

/** Reads one sheet of an .xlsx workbook whole (see {@link openXlsxSheet}). */
export async function readXlsxTable(
  bytes: Uint8Array,
  options: WorkbookReadOptions = {},
): Promise<WorkbookTable> {
  const sheet = await openXlsxSheet(bytes, options);
  const rows: CellValue[][] = [];
  for await (const row of sheet.rows) rows.push(row);
  return { rows, sheetName: sheet.sheetName, date1904: sheet.date1904 };
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
