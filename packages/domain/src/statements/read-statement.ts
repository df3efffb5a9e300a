import { DomainError } from '../errors';
import { sniffFileType } from '../files/sniff';
import { decodeText, IncrementalTextDecoder } from '../text/decode';
import { CsvChunkParser, parseCsv } from './csv';
import {
  cellText,
  HEADER_SCAN_ROWS,
  isRefusal,
  type ResolvedLayout,
  resolveLayout,
  type SourceInfo,
  StatementRowMapper,
} from './layout';
import type {
  CellValue,
  RefusedRow,
  SheetPreview,
  Statement,
  StatementBatch,
  StatementFileFormat,
  StatementReadOptions,
  StatementRow,
} from './types';
import { openXlsxSheet, readXlsTable, type WorkbookReadOptions } from './workbook';

function unsupported(type: string): DomainError {
  return new DomainError(
    'UNSUPPORTED_FILE',
    type === 'unknown'
      ? 'The file is not a bank statement spreadsheet (xlsx, xls or csv)'
      : `A ${type} file is not a bank statement spreadsheet (xlsx, xls or csv)`,
    { type },
  );
}

/** The spreadsheet format of the bytes, by content; anything else is UNSUPPORTED_FILE. */
export function statementFileFormat(bytes: Uint8Array): StatementFileFormat {
  const type = sniffFileType(bytes);
  if (type === 'csv' || type === 'xlsx' || type === 'xls') return type;
  throw unsupported(type);
}

interface Table {
  rows: CellValue[][];
  source: SourceInfo;
}

interface RowSource {
  rows: AsyncGenerator<CellValue[], void, undefined>;
  source: SourceInfo;
}

async function* eachOf<T>(items: readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* items;
}

/** A workbook's rows as they are read: an xlsx sheet streams, an xls sheet is read whole first. */
async function workbookRows(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls',
  options: WorkbookReadOptions,
): Promise<RowSource> {
  if (format === 'xlsx') {
    const sheet = await openXlsxSheet(bytes, options);
    return {
      rows: sheet.rows,
      source: { format, encoding: null, delimiter: null, date1904: sheet.date1904 },
    };
  }
  const table = await readXlsTable(bytes, options);
  return {
    rows: eachOf(table.rows),
    source: { format, encoding: null, delimiter: null, date1904: table.date1904 },
  };
}

/** The next rows, up to `limit`; the rest stay to be read. */
async function takeRows(
  rows: AsyncGenerator<CellValue[], void, undefined>,
  limit: number,
): Promise<CellValue[][]> {
  const taken: CellValue[][] = [];
  while (taken.length < limit) {
    const next = await rows.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

async function readTable(
  bytes: Uint8Array,
  options: StatementReadOptions & WorkbookReadOptions,
  /** Rows enough for the caller; every row when left out. */
  limit = Number.POSITIVE_INFINITY,
): Promise<Table> {
  const format = statementFileFormat(bytes);
  if (format === 'csv') {
    const decoded = decodeText(bytes, options.encoding);
    const csv = parseCsv(
      decoded.text,
      options.delimiter === undefined ? {} : { delimiter: options.delimiter },
    );
    return {
      rows: csv.rows,
      source: { format, encoding: decoded.encoding, delimiter: csv.delimiter, date1904: false },
    };
  }
  const { rows, source } = await workbookRows(bytes, format, options);
  const taken = await takeRows(rows, limit);
  await rows.return(undefined);
  return { rows: taken, source };
}

function mapperFor(
  resolved: ResolvedLayout,
  source: SourceInfo,
  options: StatementReadOptions,
): StatementRowMapper {
  return new StatementRowMapper(resolved, {
    date1904: source.date1904,
    ...(options.today === undefined ? {} : { today: options.today }),
  });
}

function mapRows(
  mapper: StatementRowMapper,
  rows: readonly (readonly CellValue[])[],
  firstRowIndex: number,
  transactions: StatementRow[],
  refused: RefusedRow[],
): void {
  for (let offset = 0; offset < rows.length; offset += 1) {
    const result = mapper.map(rows[offset] ?? [], firstRowIndex + offset);
    if (result === undefined) continue;
    if (isRefusal(result)) refused.push(result);
    else transactions.push(result);
  }
}

/**
 * Reads a bank statement export (CSV in any of the usual encodings, xlsx or xls) into dated, signed
 * transactions in øre. The layout comes from `options.mapping`, `options.template`, or is recognised from
 * the header row. Rows that cannot be read are listed in `refused` with a reason, never silently dropped.
 */
export async function readStatement(
  bytes: Uint8Array,
  options: StatementReadOptions & WorkbookReadOptions = {},
): Promise<Statement> {
  if (!(bytes instanceof Uint8Array)) throw unsupported('unknown');
  const { rows, source } = await readTable(bytes, options);
  const resolved = resolveLayout(rows.slice(0, HEADER_SCAN_ROWS), source, options);
  const mapper = mapperFor(resolved, source, options);
  const transactions: StatementRow[] = [];
  const refused: RefusedRow[] = [];
  mapRows(mapper, rows, 0, transactions, refused);
  return { ...resolved.layout, rows: transactions, refused };
}

/** A preview of a large CSV file reads only its start. */
const PREVIEW_CSV_BYTES = 1024 * 1024;

/** The start of a large CSV file up to its last complete line; other files whole. */
function csvHead(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= PREVIEW_CSV_BYTES || statementFileFormat(bytes) !== 'csv') return bytes;
  const head = bytes.subarray(0, PREVIEW_CSV_BYTES);
  const lastLineFeed = head.lastIndexOf(0x0a);
  // In UTF-16 LE the line feed's zero byte comes after it.
  const littleEndian = bytes[0] === 0xff && bytes[1] === 0xfe;
  return lastLineFeed > 0 ? head.subarray(0, lastLineFeed + (littleEndian ? 2 : 1)) : head;
}

export interface PreviewOptions extends StatementReadOptions, WorkbookReadOptions {
  /** How many rows to show; 50 by default. */
  maxRows?: number;
}

/**
 * The first rows of a file as text with its detected layout, for the screen where a person checks or
 * chooses which column holds what. A file no template recognises still previews, with no column kinds.
 */
export async function previewStatement(
  bytes: Uint8Array,
  options: PreviewOptions = {},
): Promise<SheetPreview> {
  if (!(bytes instanceof Uint8Array)) throw unsupported('unknown');
  const maxRows = options.maxRows ?? 50;
  const { rows, source } = await readTable(csvHead(bytes), options, Math.max(maxRows, HEADER_SCAN_ROWS));
  const shown = rows.slice(0, maxRows);
  let resolved: ResolvedLayout | undefined;
  try {
    resolved = resolveLayout(rows.slice(0, HEADER_SCAN_ROWS), source, options);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'UNKNOWN_LAYOUT') throw error;
  }
  const headerRowIndex = resolved?.layout.headerRowIndex ?? null;
  const width = shown.reduce((max, row) => Math.max(max, row.length), 0);
  return {
    format: source.format,
    encoding: source.encoding,
    delimiter: source.delimiter,
    template: resolved?.layout.template ?? null,
    headerRowIndex,
    columns:
      resolved?.layout.columns ??
      Array.from({ length: width }, (_, index) => ({
        index,
        name: `Column ${index + 1}`,
        kind: null,
        isAmount: false,
      })),
    rows: shown.map((cells, rowIndex) => ({
      rowIndex,
      cells: cells.map(cellText),
      isHeader: rowIndex === headerRowIndex,
    })),
  };
}

export type ByteSource = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;

export interface StreamOptions extends StatementReadOptions, WorkbookReadOptions {
  /** Workbooks cannot be read piecewise; refuse ones larger than this (100 MiB by default). */
  maxWorkbookBytes?: number;
  /** Rows per batch when a workbook's rows are handed out; CSV batches follow the input chunks. */
  batchSize?: number;
}

async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (Symbol.asyncIterator in source) {
    for await (const chunk of source as AsyncIterable<Uint8Array>) yield chunk;
    return;
  }
  const reader = (source as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Enough of the start of a file to tell a workbook from text. */
const SNIFF_BYTES = 4096;

function isWorkbookMagic(bytes: Uint8Array): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const ole2 = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  return zip || ole2;
}

async function* workbookBatches(
  head: Uint8Array[],
  headLength: number,
  rest: AsyncIterator<Uint8Array>,
  options: StreamOptions,
): AsyncGenerator<StatementBatch> {
  const limit = options.maxWorkbookBytes ?? 100 * 1024 * 1024;
  const chunks = [...head];
  let length = headLength;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    chunks.push(next.value);
    length += next.value.length;
    if (length > limit) {
      throw new DomainError('FILE_TOO_LARGE', `Workbooks larger than ${limit} bytes are not read`, { limit });
    }
  }
  const bytes = concat(chunks, length);
  const format = statementFileFormat(bytes);
  if (format === 'csv') throw unsupported('unknown');
  const { rows, source } = await workbookRows(bytes, format, options);
  const size = options.batchSize ?? 2_000;
  const sample = await takeRows(rows, HEADER_SCAN_ROWS);
  const mapper = mapperFor(resolveLayout(sample, source, options), source, options);
  let pending: CellValue[][] = [];
  let firstRowIndex = 0;
  let yielded = false;
  const batchOf = (records: CellValue[][]): StatementBatch => {
    const batch: StatementBatch = { layout: mapper.layout, rows: [], refused: [] };
    mapRows(mapper, records, firstRowIndex, batch.rows, batch.refused);
    firstRowIndex += records.length;
    return batch;
  };
  async function* everyRow(): AsyncGenerator<CellValue[]> {
    yield* sample;
    yield* rows;
  }
  for await (const row of everyRow()) {
    pending.push(row);
    if (pending.length >= size) {
      yield batchOf(pending);
      yielded = true;
      pending = [];
    }
  }
  // A sheet with a header and no transactions still tells its layout.
  if (pending.length > 0 || !yielded) yield batchOf(pending);
}

/**
 * Reads a statement from a stream of bytes with bounded memory, handing out transactions batch by batch
 * as the input arrives (a batch per input chunk for CSV). Workbooks are collected (up to
 * `maxWorkbookBytes`); an xlsx sheet's rows are then handed out as they are read, an xls sheet is read
 * whole first. The layout is decided from the first rows; its `encoding` may be
 * refined while reading when the first non-ASCII character comes late in the file.
 */
export async function* streamStatement(
  source: ByteSource,
  options: StreamOptions = {},
): AsyncGenerator<StatementBatch, void, undefined> {
  const iterator = chunksOf(source);
  const head: Uint8Array[] = [];
  let headLength = 0;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    if (!(next.value instanceof Uint8Array)) throw unsupported('unknown');
    head.push(next.value);
    headLength += next.value.length;
  }
  const start = concat(head, headLength);
  if (isWorkbookMagic(start)) {
    yield* workbookBatches(head, headLength, iterator, options);
    return;
  }
  const type = sniffFileType(start);
  if (type !== 'csv') throw unsupported(type);

  const decoder = new IncrementalTextDecoder(options.encoding);
  const csv = new CsvChunkParser(options.delimiter === undefined ? {} : { delimiter: options.delimiter });
  const sample: string[][] = [];
  let nextRowIndex = 0;
  let mapper: StatementRowMapper | undefined;
  let resolvedSource: SourceInfo | undefined;

  const batchFor = (records: readonly string[][], final: boolean): StatementBatch | undefined => {
    if (mapper === undefined) {
      sample.push(...records);
      if (sample.length < HEADER_SCAN_ROWS && !final) return undefined;
      resolvedSource = {
        format: 'csv',
        encoding: decoder.encoding ?? 'utf-8',
        delimiter: csv.delimiter ?? ';',
        date1904: false,
      };
      mapper = mapperFor(resolveLayout(sample, resolvedSource, options), resolvedSource, options);
      records = sample.splice(0);
    }
    if (decoder.encoding !== undefined) mapper.layout.encoding = decoder.encoding;
    const rows: StatementRow[] = [];
    const refused: RefusedRow[] = [];
    mapRows(mapper, records, nextRowIndex, rows, refused);
    nextRowIndex += records.length;
    return { layout: mapper.layout, rows, refused };
  };

  const pending = (batch: StatementBatch | undefined): batch is StatementBatch =>
    batch !== undefined && (batch.rows.length > 0 || batch.refused.length > 0);

  let yielded = false;
  const first = batchFor(csv.push(decoder.decode(start)), false);
  if (pending(first)) {
    yielded = true;
    yield first;
  }
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const batch = batchFor(csv.push(decoder.decode(next.value)), false);
    if (pending(batch)) {
      yielded = true;
      yield batch;
    }
  }
  const last = batchFor(csv.end(decoder.end()), true);
  // A file with a header and no transactions still tells its layout.
  if (last !== undefined && (pending(last) || !yielded)) yield last;
}

/** Reads a whole stream with {@link streamStatement} into one statement (for tests and small files). */
export async function collectStatement(source: ByteSource, options: StreamOptions = {}): Promise<Statement> {
  const rows: StatementRow[] = [];
  const refused: RefusedRow[] = [];
  let layout: StatementBatch['layout'] | undefined;
  for await (const batch of streamStatement(source, options)) {
    layout = batch.layout;
    for (const row of batch.rows) rows.push(row);
    for (const refusal of batch.refused) refused.push(refusal);
  }
  if (layout === undefined) throw new DomainError('INVALID_STATEMENT', 'The file holds no rows');
  return { ...layout, rows, refused };
}
