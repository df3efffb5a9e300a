import {
  compileDatePattern,
  type DatePattern,
  type DateReader,
  excelSerialToIsoDate,
  type IsoDate,
} from '../dates/norwegian-dates';
import { DomainError } from '../errors';
import { type AmountFormat, type DecimalSeparator, parseAmount } from '../money/norwegian';
import { type Ore, ore } from '../money/ore';
import type { TextEncodingName } from '../text/decode';
import {
  detectTemplate,
  GENERIC_COLUMN_NAMES,
  headerMatchesTemplate,
  isBuiltInTemplateId,
  matchHeaderRow,
  matchTemplateHeader,
  normalizeHeaderName,
  STATEMENT_TEMPLATES,
} from './templates';
import {
  AMOUNT_COLUMN_KINDS,
  type CellValue,
  COLUMN_KINDS,
  type ColumnKind,
  type RefusalReason,
  type RefusedRow,
  type StatementColumn,
  type StatementFileFormat,
  type StatementLayout,
  type StatementMapping,
  type StatementReadOptions,
  type StatementRow,
  type StatementTemplate,
  type StatementTemplateId,
} from './types';

/** How far down a file the header row is looked for (bank exports put a few lines of account data first). */
export const HEADER_SCAN_ROWS = 30;

/** Date patterns tried, in this order, when a file's date format is not known. Day before month. */
export const CANDIDATE_DATE_FORMATS: readonly DatePattern[] = [
  'DD.MM.YYYY',
  'YYYY-MM-DD',
  'DD.MM.YY',
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'D.M.YYYY',
  'D/M/YYYY',
  'D-M-YYYY',
  'DD-MM-YY',
  'DD/MM/YY',
  'D.M.YY',
  'D/M/YY',
  'YYYY.MM.DD',
  'YYYY/MM/DD',
];

export interface SourceInfo {
  format: StatementFileFormat;
  encoding: TextEncodingName | null;
  delimiter: string | null;
  date1904: boolean;
}

type ColumnIndices = Partial<Record<ColumnKind, number>>;

export interface ResolvedLayout {
  layout: StatementLayout;
  indices: ColumnIndices;
}

/** What a cell shows, as text: trimmed strings, dates as YYYY-MM-DD, numbers as JavaScript writes them. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function isBlankRow(cells: readonly CellValue[]): boolean {
  return cells.every((cell) => cellText(cell) === '');
}

function columnWidth(rows: readonly (readonly CellValue[])[]): number {
  return rows.reduce((width, row) => Math.max(width, row.length), 0);
}

function buildColumns(
  headerCells: readonly CellValue[] | undefined,
  width: number,
  indices: ColumnIndices,
): StatementColumn[] {
  const kindAt = new Map<number, ColumnKind>();
  for (const kind of COLUMN_KINDS) {
    const index = indices[kind];
    if (index !== undefined) kindAt.set(index, kind);
  }
  return Array.from({ length: width }, (_, index) => {
    const kind = kindAt.get(index) ?? null;
    const name = headerCells ? cellText(headerCells[index]) : '';
    return {
      index,
      name: name || `Column ${index + 1}`,
      kind,
      isAmount: kind !== null && AMOUNT_COLUMN_KINDS.includes(kind),
    };
  });
}

function sampleTexts(rows: readonly (readonly CellValue[])[], index: number | undefined): string[] {
  if (index === undefined) return [];
  const texts: string[] = [];
  for (const row of rows) {
    const cell = row[index];
    if (typeof cell === 'string' && cell.trim() !== '') texts.push(cell.trim());
  }
  return texts;
}

/** The first candidate pattern that reads every sampled date; failing that, the one that reads most. */
export function detectDateFormat(samples: readonly string[], today?: IsoDate): DatePattern | undefined {
  let best: DatePattern | undefined;
  let bestCount = 0;
  for (const pattern of CANDIDATE_DATE_FORMATS) {
    const reader = compileDatePattern(pattern, today === undefined ? {} : { today });
    const count = samples.filter((sample) => reader(sample) !== undefined).length;
    if (count === samples.length && count > 0) return pattern;
    if (count > bestCount) {
      best = pattern;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The decimal separator the sampled amounts show unambiguously ("-348,56", "1.234,50" say comma;
 * "23.78", "1,234.50" say dot), or undefined when they show neither or both.
 */
export function detectDecimalSeparator(samples: readonly string[]): DecimalSeparator | undefined {
  let comma = false;
  let dot = false;
  for (const sample of samples) {
    const compact = sample.replace(/[\s\u00A0\u2009\u202F]/g, '');
    if (/,\d{1,2}-?$|\.\d{3},\d+-?$/.test(compact) || /^[-+]?\d+,\d{4,}$/.test(compact)) comma = true;
    if (/\.\d{1,2}-?$|,\d{3}\.\d+-?$/.test(compact) || /^[-+]?\d+\.\d{4,}$/.test(compact)) dot = true;
  }
  if (comma === dot) return undefined;
  return comma ? ',' : '.';
}

function amountIndices(indices: ColumnIndices): number[] {
  return AMOUNT_COLUMN_KINDS.flatMap((kind) => (indices[kind] === undefined ? [] : [indices[kind]]));
}

function layoutFor(
  source: SourceInfo,
  template: StatementTemplateId,
  rows: readonly (readonly CellValue[])[],
  headerRowIndex: number | null,
  indices: ColumnIndices,
  dateFormat: DatePattern,
  decimal: DecimalSeparator | undefined,
): ResolvedLayout {
  const headerCells = headerRowIndex === null ? undefined : rows[headerRowIndex];
  return {
    indices,
    layout: {
      format: source.format,
      template,
      encoding: source.encoding,
      delimiter: source.delimiter,
      columns: buildColumns(headerCells, columnWidth(rows), indices),
      headerRowIndex,
      dateFormat,
      decimal: decimal ?? null,
    },
  };
}

function templateFrom(option: NonNullable<StatementReadOptions['template']>): StatementTemplate {
  if (typeof option !== 'string') return option;
  if (isBuiltInTemplateId(option)) return STATEMENT_TEMPLATES[option];
  throw new DomainError(
    'UNKNOWN_TEMPLATE',
    `Unknown statement template "${option}"; known: ${Object.keys(STATEMENT_TEMPLATES).join(', ')}`,
    { template: option },
  );
}

function describeTemplate(template: StatementTemplate): string {
  return Object.values(template.columns)
    .map((names) => names?.[0] ?? '')
    .join(', ');
}

function fromTemplate(
  rows: readonly (readonly CellValue[])[],
  source: SourceInfo,
  template: StatementTemplate,
): ResolvedLayout {
  const headerRowIndex = rows.findIndex((row) => headerMatchesTemplate(row, template));
  if (headerRowIndex < 0) {
    throw new DomainError(
      'INVALID_STATEMENT',
      `No header row with the ${template.name} columns (${describeTemplate(template)}) in the first ${HEADER_SCAN_ROWS} rows`,
      { template: template.id },
    );
  }
  const indices = matchTemplateHeader(rows[headerRowIndex] ?? [], template);
  return layoutFor(source, template.id, rows, headerRowIndex, indices, template.dateFormat, template.decimal);
}

function genericIndices(row: readonly CellValue[]): ColumnIndices | undefined {
  const found = matchHeaderRow(row, GENERIC_COLUMN_NAMES);
  if (found.date === undefined) return undefined;
  if (found.amount !== undefined) {
    const { amountIn: _in, amountOut: _out, ...rest } = found;
    return rest;
  }
  return found.amountIn !== undefined || found.amountOut !== undefined ? found : undefined;
}

function detectedFormats(
  rows: readonly (readonly CellValue[])[],
  indices: ColumnIndices,
  today: IsoDate | undefined,
): { dateFormat: DatePattern; decimal: DecimalSeparator | undefined } {
  const amountSamples = amountIndices(indices).flatMap((index) => sampleTexts(rows, index));
  return {
    dateFormat: detectDateFormat(sampleTexts(rows, indices.date), today) ?? 'DD.MM.YYYY',
    decimal: detectDecimalSeparator(amountSamples),
  };
}

function unknownLayout(rows: readonly (readonly CellValue[])[]): DomainError {
  return new DomainError(
    'UNKNOWN_LAYOUT',
    'The columns of this file were not recognised; choose which columns hold the date, the text and the amount',
    { preview: rows.slice(0, 5).map((row) => row.map(cellText)) },
  );
}

function mappingIndex(
  value: number | string,
  kind: ColumnKind,
  headerCells: readonly CellValue[] | undefined,
): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) {
      throw new DomainError('INVALID_MAPPING', `Column for ${kind} must be a 0-based index, got ${value}`, {
        kind,
        value,
      });
    }
    return value;
  }
  const wanted = normalizeHeaderName(value);
  const index = headerCells ? headerCells.findIndex((cell) => normalizeHeaderName(cell) === wanted) : -1;
  if (index < 0) {
    throw new DomainError('INVALID_MAPPING', `No column named "${value}" for ${kind}`, { kind, value });
  }
  return index;
}

function headerRowForMapping(
  rows: readonly (readonly CellValue[])[],
  mapping: StatementMapping,
  today: IsoDate | undefined,
): number | null {
  if (mapping.headerRowIndex !== undefined) return mapping.headerRowIndex;
  const names = Object.values(mapping.columns).filter((value): value is string => typeof value === 'string');
  if (names.length > 0) {
    const wanted = names.map(normalizeHeaderName);
    const index = rows.findIndex((row) => {
      const present = new Set(row.map(normalizeHeaderName));
      return wanted.every((name) => present.has(name));
    });
    if (index < 0) {
      throw new DomainError('INVALID_MAPPING', `No header row names the columns ${names.join(', ')}`, {
        names,
      });
    }
    return index;
  }
  const dateIndex = mapping.columns.date;
  if (typeof dateIndex !== 'number') return null;
  const dateFormat =
    mapping.dateFormat ?? detectDateFormat(sampleTexts(rows, dateIndex), today) ?? 'DD.MM.YYYY';
  const readDate = compileDatePattern(dateFormat, today === undefined ? {} : { today });
  const firstData = rows.findIndex((row) => {
    const cell = row[dateIndex];
    return cell instanceof Date || typeof cell === 'number' || readDate(cellText(cell)) !== undefined;
  });
  if (firstData <= 0) return null;
  const previous = rows[firstData - 1];
  return previous && !isBlankRow(previous) ? firstData - 1 : null;
}

function fromMapping(
  rows: readonly (readonly CellValue[])[],
  source: SourceInfo,
  mapping: StatementMapping,
  today: IsoDate | undefined,
): ResolvedLayout {
  const headerRowIndex = headerRowForMapping(rows, mapping, today);
  if (headerRowIndex !== null && (!Number.isInteger(headerRowIndex) || headerRowIndex < 0)) {
    throw new DomainError(
      'INVALID_MAPPING',
      `Header row must be a 0-based row index, got ${headerRowIndex}`,
      {
        headerRowIndex,
      },
    );
  }
  const headerCells = headerRowIndex === null ? undefined : rows[headerRowIndex];
  const indices: ColumnIndices = {};
  for (const kind of COLUMN_KINDS) {
    const value = mapping.columns[kind];
    if (value !== undefined) indices[kind] = mappingIndex(value, kind, headerCells);
  }
  if (indices.date === undefined) {
    throw new DomainError('INVALID_MAPPING', 'The mapping must say which column holds the date', { mapping });
  }
  if (amountIndices(indices).length === 0) {
    throw new DomainError(
      'INVALID_MAPPING',
      'The mapping must say which column holds the amount (or in and out)',
      {
        mapping,
      },
    );
  }
  const dataRows = headerRowIndex === null ? rows : rows.slice(headerRowIndex + 1);
  const detected = detectedFormats(dataRows, indices, today);
  const dateFormat = mapping.dateFormat ?? detected.dateFormat;
  compileDatePattern(dateFormat);
  return layoutFor(
    source,
    'custom',
    rows,
    headerRowIndex,
    indices,
    dateFormat,
    mapping.decimal ?? detected.decimal,
  );
}

/**
 * Decides from the first rows of a file (only the first {@link HEADER_SCAN_ROWS} are looked at, so a
 * streamed and a whole read agree) where its header is and which column holds what: the caller's mapping
 * if given, else the chosen template, else a built-in template recognised by its header, else common
 * column names. Throws UNKNOWN_LAYOUT when nothing fits.
 */
export function resolveLayout(
  sampleRows: readonly (readonly CellValue[])[],
  source: SourceInfo,
  options: StatementReadOptions = {},
): ResolvedLayout {
  const rows = sampleRows.slice(0, HEADER_SCAN_ROWS);
  if (options.mapping) return fromMapping(rows, source, options.mapping, options.today);
  if (options.template !== undefined) return fromTemplate(rows, source, templateFrom(options.template));
  for (const row of rows) {
    const template = detectTemplate(row);
    if (template) return fromTemplate(rows, source, template);
  }
  for (const [headerRowIndex, row] of rows.entries()) {
    const indices = genericIndices(row);
    if (indices === undefined) continue;
    const { dateFormat, decimal } = detectedFormats(rows.slice(headerRowIndex + 1), indices, options.today);
    return layoutFor(source, 'generic', rows, headerRowIndex, indices, dateFormat, decimal);
  }
  throw unknownLayout(rows);
}

/** Turns a number from a workbook cell into øre by its shortest decimal spelling, so 0.29 is 29 øre. */
function oreFromNumber(value: number): Ore {
  if (!Number.isFinite(value)) throw new DomainError('INVALID_AMOUNT', `Not an amount: ${value}`);
  const text = String(value);
  if (text.includes('e')) {
    if (Math.abs(value) < 1) return ore(0);
    throw new DomainError('INVALID_AMOUNT', `Amount too large: ${value}`, { value });
  }
  return parseAmount(text, { decimal: '.' });
}

function refusal(rowIndex: number, reason: RefusalReason, message: string): RefusedRow {
  return { rowIndex, reason, message };
}

/**
 * Turns the rows under a resolved layout into transactions: dates read by the layout's pattern (or from
 * workbook dates and serials), amounts in øre with money out negative, and every row that cannot be read
 * refused with a reason instead of being dropped or guessed.
 */
export class StatementRowMapper {
  readonly #layout: StatementLayout;
  readonly #readDate: DateReader;
  readonly #amountFormat: AmountFormat;
  readonly #date1904: boolean;
  readonly #dateIndex: number;
  readonly #valueDateIndex: number | undefined;
  readonly #textIndex: number | undefined;
  readonly #text2Index: number | undefined;
  readonly #amountIndex: number | undefined;
  readonly #inIndex: number | undefined;
  readonly #outIndex: number | undefined;
  readonly #headerDateText: string | undefined;

  constructor(resolved: ResolvedLayout, options: { date1904?: boolean; today?: IsoDate } = {}) {
    const { layout, indices } = resolved;
    this.#layout = layout;
    this.#readDate = compileDatePattern(
      layout.dateFormat,
      options.today === undefined ? {} : { today: options.today },
    );
    this.#amountFormat = layout.decimal === null ? {} : { decimal: layout.decimal };
    this.#date1904 = options.date1904 ?? false;
    this.#dateIndex = indices.date ?? 0;
    this.#valueDateIndex = indices.valueDate;
    this.#textIndex = indices.text;
    this.#text2Index = indices.text2;
    this.#amountIndex = indices.amount;
    this.#inIndex = indices.amountIn;
    this.#outIndex = indices.amountOut;
    const headerName = layout.columns[this.#dateIndex]?.name;
    this.#headerDateText =
      layout.headerRowIndex === null ? undefined : normalizeHeaderName(headerName ?? null);
  }

  get layout(): StatementLayout {
    return this.#layout;
  }

  #date(cell: CellValue | undefined): IsoDate | RefusalReason {
    if (cell instanceof Date) return cell.toISOString().slice(0, 10);
    if (typeof cell === 'number') {
      try {
        return excelSerialToIsoDate(cell, this.#date1904);
      } catch {
        return 'INVALID_DATE';
      }
    }
    const text = cellText(cell);
    if (text === '') return 'MISSING_DATE';
    return this.#readDate(text) ?? 'INVALID_DATE';
  }

  #amount(cell: CellValue | undefined): Ore | undefined {
    if (typeof cell === 'number') return oreFromNumber(cell);
    if (cell === null || cell === undefined) return undefined;
    const text = typeof cell === 'string' ? cell : cellText(cell);
    if (text.length === 0 || text.trim() === '') return undefined;
    return parseAmount(text, this.#amountFormat);
  }

  #total(cells: readonly CellValue[]): Ore | undefined {
    let total: Ore | undefined;
    if (this.#amountIndex !== undefined) total = this.#amount(cells[this.#amountIndex]);
    if (this.#inIndex !== undefined) {
      const moneyIn = this.#amount(cells[this.#inIndex]);
      if (moneyIn !== undefined) total = ore((total ?? 0) + moneyIn);
    }
    if (this.#outIndex !== undefined) {
      const moneyOut = this.#amount(cells[this.#outIndex]);
      // Some banks write money out as positive numbers in the "Ut" column, others as negative ones.
      if (moneyOut !== undefined) total = ore((total ?? 0) - Math.abs(moneyOut));
    }
    return total;
  }

  /**
   * The transaction in row `rowIndex`, a refusal, or `undefined` for rows that are not transactions at
   * all (lines above and including the header, blank lines, a repeated header).
   */
  map(cells: readonly CellValue[], rowIndex: number): StatementRow | RefusedRow | undefined {
    const headerRowIndex = this.#layout.headerRowIndex;
    if (headerRowIndex !== null && rowIndex <= headerRowIndex) return undefined;
    const dateCell = cells[this.#dateIndex];
    const date = this.#date(dateCell);
    if (date === 'MISSING_DATE') {
      if (isBlankRow(cells)) return undefined;
      return refusal(rowIndex, date, 'No date');
    }
    if (date === 'INVALID_DATE') {
      if (this.#isRepeatedHeader(dateCell)) return undefined;
      return refusal(rowIndex, date, `Not a ${this.#layout.dateFormat} date: "${cellText(dateCell)}"`);
    }
    let amount: Ore | undefined;
    try {
      amount = this.#total(cells);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const reason: RefusalReason = error.code === 'AMBIGUOUS_AMOUNT' ? 'AMBIGUOUS_AMOUNT' : 'INVALID_AMOUNT';
      return refusal(rowIndex, reason, error.message);
    }
    if (amount === undefined) return refusal(rowIndex, 'MISSING_AMOUNT', 'No amount');
    return {
      rowIndex,
      date,
      valueDate: this.#valueDate(cells),
      text: this.#textIndex === undefined ? '' : cellText(cells[this.#textIndex]),
      text2: this.#text2Index === undefined ? '' : cellText(cells[this.#text2Index]),
      amount,
    };
  }

  /**
   * The row's value date, read like its booking date. A row is booked by its booking date alone, so a
   * value date that is empty or cannot be read leaves the value date unknown instead of refusing the row.
   */
  #valueDate(cells: readonly CellValue[]): IsoDate | null {
    if (this.#valueDateIndex === undefined) return null;
    const valueDate = this.#date(cells[this.#valueDateIndex]);
    return valueDate === 'MISSING_DATE' || valueDate === 'INVALID_DATE' ? null : valueDate;
  }

  /** Exports pasted together repeat their header; such a line is not a transaction. */
  #isRepeatedHeader(dateCell: CellValue | undefined): boolean {
    return (
      typeof dateCell === 'string' &&
      this.#headerDateText !== undefined &&
      normalizeHeaderName(dateCell) === this.#headerDateText
    );
  }
}

export function isRefusal(value: StatementRow | RefusedRow): value is RefusedRow {
  return 'reason' in value;
}
