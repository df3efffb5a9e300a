import type { DatePattern, IsoDate } from '../dates/norwegian-dates';
import type { DecimalSeparator } from '../money/norwegian';
import type { Ore } from '../money/ore';
import type { TextEncodingName } from '../text/decode';

/**
 * What a column of a bank statement holds; amounts come as one signed column or as money in and out.
 * The value date (rentedato) is the day the money counts for interest; the booking date is `date`.
 */
export type ColumnKind = 'date' | 'valueDate' | 'text' | 'text2' | 'amountIn' | 'amountOut' | 'amount';

export const COLUMN_KINDS: readonly ColumnKind[] = [
  'date',
  'valueDate',
  'text',
  'text2',
  'amountIn',
  'amountOut',
  'amount',
];
export const AMOUNT_COLUMN_KINDS: readonly ColumnKind[] = ['amountIn', 'amountOut', 'amount'];

export type StatementFileFormat = 'csv' | 'xlsx' | 'xls';

/** One cell as read from the file: CSV gives text, workbooks also numbers, booleans and dates. */
export type CellValue = string | number | boolean | Date | null;

export type BuiltInTemplateId = 'dnb' | 'sparebank1' | 'nordnorge';

/** 'generic' when the columns were recognised by common names, 'custom' when the caller mapped them. */
export type StatementTemplateId = BuiltInTemplateId | 'generic' | 'custom' | (string & {});

/** How one bank lays out its export: the header names of each column kind and how values are written. */
export interface StatementTemplate {
  id: StatementTemplateId;
  name: string;
  /** Header names per column kind, compared without case and surrounding space. */
  columns: Partial<Record<ColumnKind, readonly string[]>>;
  /** Columns only some of the bank's layouts have: read where present, not needed to recognise the layout. */
  optionalColumns?: Partial<Record<ColumnKind, readonly string[]>>;
  dateFormat: DatePattern;
  decimal: DecimalSeparator;
}

/** Which column holds what, by 0-based index or by header name. */
export type ColumnMapping = Partial<Record<ColumnKind, number | string>>;

/** A column layout chosen by the user, for files no template recognises. */
export interface StatementMapping {
  columns: ColumnMapping;
  /** Date pattern such as 'DD.MM.YYYY' or 'D/M/YYYY'; detected from the rows when left out. */
  dateFormat?: DatePattern;
  /** Decimal separator of the amounts; detected from the rows when left out. */
  decimal?: DecimalSeparator;
  /** 0-based row that holds the column names, `null` for a file without one; found when left out. */
  headerRowIndex?: number | null;
}

export interface StatementColumn {
  index: number;
  /** The header text, or "Column 3" style names for files without a header row. */
  name: string;
  kind: ColumnKind | null;
  isAmount: boolean;
}

export interface StatementRow {
  /** 0-based row of the file (or sheet) the transaction came from. */
  rowIndex: number;
  date: IsoDate;
  /** The value date, when the file has a column for it and the row a date in it. */
  valueDate: IsoDate | null;
  text: string;
  text2: string;
  /** Signed: money in is positive, money out negative. */
  amount: Ore;
}

export type RefusalReason =
  | 'MISSING_DATE'
  | 'INVALID_DATE'
  | 'MISSING_AMOUNT'
  | 'INVALID_AMOUNT'
  | 'AMBIGUOUS_AMOUNT';

export interface RefusedRow {
  rowIndex: number;
  reason: RefusalReason;
  message: string;
}

/** Everything about a file's layout that was found or chosen before its rows were read. */
export interface StatementLayout {
  format: StatementFileFormat;
  template: StatementTemplateId;
  /** The text encoding of a CSV file; `null` for workbooks, whose text is always Unicode. */
  encoding: TextEncodingName | null;
  /** The CSV field delimiter; `null` for workbooks. */
  delimiter: string | null;
  columns: StatementColumn[];
  /** 0-based index of the header row, `null` when the file has none. */
  headerRowIndex: number | null;
  dateFormat: DatePattern;
  decimal: DecimalSeparator | null;
}

export interface Statement extends StatementLayout {
  rows: StatementRow[];
  refused: RefusedRow[];
}

/** Rows as they come while streaming a large file; every batch repeats the (shared) layout. */
export interface StatementBatch {
  layout: StatementLayout;
  rows: StatementRow[];
  refused: RefusedRow[];
}

export interface StatementReadOptions {
  /** A built-in template id or a template of one's own; recognised from the header row when left out. */
  template?: BuiltInTemplateId | StatementTemplate;
  /** The user's own column layout; takes precedence over templates. */
  mapping?: StatementMapping;
  /** The text encoding of a CSV file, when it is known better than detection would guess it. */
  encoding?: TextEncodingName;
  /** The CSV field delimiter; detected among ";", "," and tab when left out. */
  delimiter?: string;
  /** For two-digit years; today by default. */
  today?: IsoDate;
  /** 0-based sheet of a workbook (the first by default). */
  sheet?: number;
}

/** One row of the sheet as the column-mapping screen shows it. */
export interface SheetRow {
  rowIndex: number;
  cells: string[];
  isHeader: boolean;
}

/** The first rows of a file with its detected layout, for letting a person choose or check the mapping. */
export interface SheetPreview {
  format: StatementFileFormat;
  encoding: TextEncodingName | null;
  delimiter: string | null;
  template: StatementTemplateId | null;
  headerRowIndex: number | null;
  columns: StatementColumn[];
  rows: SheetRow[];
}
