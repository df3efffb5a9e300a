import { open, readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type CamtSummary, IMPORT_LIMITS, type ImportFormat, type ImportMapping } from '@bilag/contracts';
import {
  type CamtBalanceProof,
  type CamtDocument,
  type CamtEntry,
  DomainError,
  formatAccountNumber,
  ibanToBban,
  normalizeAccountNumber,
  parseCamt053,
  previewStatement,
  type RefusedRow,
  type StatementMapping,
  type StatementReadOptions,
  sniffFileType,
  streamStatement,
} from '@bilag/domain';
import { AppError, Errors } from '../../platform/errors';
import type { ImportJobLayout } from './import.table';

/** A transaction read from a statement, as it is staged for the import. */
export type StagedRow = {
  rowIndex: number;
  date: string;
  valueDate: string | null;
  text: string;
  text2: string;
  amountOre: number;
  kid: string | null;
  endToEndId: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** The bank's own reference of the transaction, when the statement gives one. */
  reference: string | null;
};

export type StatementBatch = { rows: StagedRow[]; refused: RefusedRow[] };

/** How the statement reader took a spreadsheet it was given no mapping for. */
export type DetectedLayout = { template: string; dateFormat: string; decimal: string | null };

/** camt.053 is read whole; its files are limited to this size. */
export const MAX_CAMT_BYTES = 50 * 1024 * 1024;
/** Workbooks cannot be read piece by piece; they are limited to this size. */
const MAX_WORKBOOK_BYTES = 50 * 1024 * 1024;

/** camt.053 is read whole, then handed on in batches of this many rows, as spreadsheets are. */
const CAMT_BATCH_ROWS = 2000;
/** Enough of a file's start to tell its format and preview a CSV. */
const HEAD_BYTES = 64 * 1024;

function tooLarge(limit: number) {
  return Errors.tooLarge('importFileTooLarge', { megabytes: Math.round(limit / 1024 / 1024) });
}

/** The encoding a DomainError of the text decoding names, as the file wrote it. */
function encodingOf(error: DomainError): string {
  const details: unknown = error.details;
  const encoding =
    typeof details === 'object' && details !== null ? Reflect.get(details, 'encoding') : undefined;
  return typeof encoding === 'string' ? encoding : '';
}

export function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) {
    if (error.code === 'UNKNOWN_LAYOUT') return Errors.invalid('mappingIncomplete');
    if (error.code === 'UNSUPPORTED_ENCODING') {
      return Errors.invalid('statementEncodingUnsupported', { encoding: encodingOf(error) });
    }
    if (error.code === 'INVALID_ENCODING') {
      return Errors.invalid('statementEncodingBroken', { encoding: encodingOf(error) });
    }
    return Errors.invalid('statementUnreadable', { reason: error.message });
  }
  throw error;
}

/** What the file is, by its first bytes: a spreadsheet the statement reader takes, or an ISO 20022 statement. */
function importFormatOf(head: Uint8Array, fileName: string): ImportFormat {
  const type = sniffFileType(head);
  if (type === 'csv' || type === 'xlsx' || type === 'xls') return type;
  if (type === 'xml') return 'camt053';
  throw Errors.unsupportedMediaType('importFileNotAccepted', { name: fileName });
}

function accountOf(statement: CamtDocument['statements'][number]): string | null {
  const { iban, bban } = statement.account;
  if (iban?.startsWith('NO')) return ibanToBban(iban);
  if (bban) return normalizeAccountNumber(bban);
  return null;
}

/** The statements of a camt document that belong to the account (all of them when they name no account). */
function statementsOfAccount(document: CamtDocument, accountNumber: string) {
  return document.statements.filter((statement) => {
    const account = accountOf(statement);
    return account === null || account === accountNumber;
  });
}

function isoDay(value: string | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}

function openingOf(statement: CamtDocument['statements'][number]) {
  return (
    statement.balances.find((balance) => balance.type === 'OPBD') ??
    statement.balances.find((balance) => balance.type === 'PRCD')
  );
}

function closingOf(statement: CamtDocument['statements'][number]) {
  return statement.balances.find((balance) => balance.type === 'CLBD');
}

/** Øre as the statement writes them, "1700.00", for the warnings. */
function decimalOf(amountOre: number): string {
  return (amountOre / 100).toFixed(2);
}

/**
 * Refuses a camt document none of whose statements is for the account, naming both accounts: importing
 * it would find nothing to import.
 */
function requireStatementOfAccount(
  document: CamtDocument,
  accountNumber: string,
  own: CamtDocument['statements'],
) {
  if (own.length > 0 || document.statements.length === 0) return;
  const named = document.statements.map(
    (statement) => accountOf(statement) ?? statement.account.iban ?? statement.account.bban ?? '',
  );
  throw Errors.invalid('camtAccountMismatch', {
    statementAccount: [...new Set(named)].map(formatAccountNumber).join(', '),
    accountNumber: formatAccountNumber(accountNumber),
  });
}

/**
 * What a camt document holds for the account, and where it does not add up: a failed balance proof, or an
 * opening balance that does not follow the closing balance before it (the previous statement in the file,
 * or the last closing balance already stored for the account).
 */
function summarizeCamt(
  document: CamtDocument,
  accountNumber: string,
  previousClosing: { date: string; amountOre: number } | undefined,
  messages: {
    proofFailed: (id: string, expected: string, actual: string) => string;
    gap: (id: string, expected: string, actual: string) => string;
    otherAccount: (account: string) => string;
  },
): CamtSummary {
  const own = statementsOfAccount(document, accountNumber);
  const warnings: string[] = [];
  for (const statement of document.statements) {
    const account = accountOf(statement);
    if (account !== null && account !== accountNumber) {
      warnings.push(messages.otherAccount(formatAccountNumber(account)));
    }
  }
  const sorted = [...own].sort((a, b) => (a.fromDate ?? '').localeCompare(b.fromDate ?? ''));
  let previous = previousClosing?.amountOre;
  for (const statement of sorted) {
    const id = statement.id ?? statement.electronicSequenceNumber ?? '';
    const proof = statement.balanceProof;
    if (proof && !proof.ok) {
      warnings.push(messages.proofFailed(id, decimalOf(proof.expected), decimalOf(proof.actual)));
    }
    const opening = openingOf(statement);
    if (opening && previous !== undefined && opening.amount !== previous) {
      warnings.push(messages.gap(id, decimalOf(previous), decimalOf(opening.amount)));
    }
    const closing = closingOf(statement);
    if (closing) previous = closing.amount;
  }
  const first = sorted[0];
  const last = sorted.at(-1);
  const proofs = own.map((statement) => statement.balanceProof).filter((proof) => proof !== undefined);
  return {
    AccountIban: first?.account.iban ?? null,
    AccountNumber: first ? accountOf(first) : null,
    Statements: own.length,
    Entries: own.reduce((total, statement) => total + statement.entries.length, 0),
    FromDate: isoDay(first?.fromDate) ?? isoDay(first?.entries[0]?.bookingDate),
    ToDate: isoDay(last?.toDate) ?? isoDay(last?.entries.at(-1)?.bookingDate),
    OpeningOre: first ? (openingOf(first)?.amount ?? null) : null,
    ClosingOre: last ? (closingOf(last)?.amount ?? null) : null,
    BalanceProofOk: proofs.length === 0 ? null : proofs.every((proof) => proof.ok),
    Warnings: warnings,
  };
}

function sameLine(first: string, second: string): boolean {
  const plain = (line: string) => line.replace(/\s+/g, ' ').trim().toLocaleLowerCase('nb');
  return plain(first) === plain(second);
}

/**
 * The second line of a row's text: the first candidate that says something the first line does not. Banks
 * often repeat the one free-text line of an entry as its additional information, which is no second line.
 */
function secondLine(text: string, candidates: readonly (string | undefined)[]): string {
  return candidates.find((line) => line !== undefined && line.trim() !== '' && !sameLine(line, text)) ?? '';
}

function entryRows(entry: CamtEntry, firstIndex: number): StagedRow[] {
  const date = isoDay(entry.bookingDate) ?? isoDay(entry.valueDate);
  if (date === null) return [];
  const split =
    entry.transactions.length > 1 &&
    entry.transactions.every((transaction) => transaction.amount !== undefined);
  const base = {
    date,
    valueDate: isoDay(entry.valueDate),
  };
  if (!split) {
    // The entry's text is its remittance line, else its additional information.
    const text = entry.text ?? entry.counterparty.name ?? '';
    return [
      {
        ...base,
        rowIndex: firstIndex,
        text,
        text2: entry.text ? secondLine(text, [entry.counterparty.name, entry.additionalInfo]) : '',
        amountOre: entry.amount,
        kid: entry.kid ?? null,
        endToEndId: entry.endToEndId ?? null,
        counterpartyName: entry.counterparty.name ?? null,
        counterpartyAccount: entry.counterparty.account?.iban ?? entry.counterparty.account?.bban ?? null,
        reference:
          entry.transactions[0]?.accountServicerRef ?? entry.accountServicerRef ?? entry.entryRef ?? null,
      },
    ];
  }
  const entryReference = entry.accountServicerRef ?? entry.entryRef;
  return entry.transactions.map((transaction, index) => {
    const text = transaction.text ?? entry.additionalInfo ?? transaction.counterparty.name ?? '';
    return {
      ...base,
      rowIndex: firstIndex + index,
      text,
      text2: transaction.text ? secondLine(text, [transaction.counterparty.name]) : '',
      amountOre: transaction.amount ?? 0,
      kid: transaction.kid ?? null,
      endToEndId: transaction.endToEndId ?? null,
      counterpartyName: transaction.counterparty.name ?? null,
      counterpartyAccount:
        transaction.counterparty.account?.iban ?? transaction.counterparty.account?.bban ?? null,
      reference:
        transaction.accountServicerRef ??
        (entryReference === undefined ? null : `${entryReference}#${index + 1}`),
    };
  });
}

/** The booked transactions of the account's statements in a camt document; pending and informational entries are left out. */
function camtRows(document: CamtDocument, accountNumber: string): StagedRow[] {
  const rows: StagedRow[] = [];
  for (const statement of statementsOfAccount(document, accountNumber)) {
    for (const entry of statement.entries) {
      if (entry.status !== 'BOOK' && entry.status !== undefined) continue;
      rows.push(...entryRows(entry, rows.length));
    }
  }
  return rows;
}

/** The stated closing balance minus what the statement's opening balance and booked entries give. */
function proofDifference(proof: CamtBalanceProof): number {
  return proof.actual - proof.expected;
}

/**
 * The balances the account's statements state, as they are stored. A closing booked balance carries its
 * statement's balance proof, so a disputed one is never taken for proven.
 */
export function camtBalances(document: CamtDocument, accountNumber: string) {
  return statementsOfAccount(document, accountNumber).flatMap((statement) => {
    const proof = statement.balanceProof;
    return statement.balances.flatMap((balance) => {
      if (balance.date === undefined) return [];
      const isProvable = balance.type === 'CLBD' && proof !== undefined;
      return [
        {
          date: balance.date.slice(0, 10),
          type: balance.type,
          amountOre: balance.amount,
          currency: balance.currency,
          proven: isProvable ? proof.ok : null,
          proofDifferenceOre: isProvable && !proof.ok ? proofDifference(proof) : null,
        },
      ];
    });
  });
}

/**
 * Whether every statement of the account in the document added up, and by how much those that did not
 * differ; `proven` is null when none states both balances.
 */
export function camtProof(document: CamtDocument, accountNumber: string) {
  const proofs = statementsOfAccount(document, accountNumber)
    .map((statement) => statement.balanceProof)
    .filter((proof) => proof !== undefined);
  const failed = proofs.filter((proof) => !proof.ok);
  return {
    proven: proofs.length === 0 ? null : failed.length === 0,
    differenceOre:
      failed.length === 0 ? null : failed.reduce((total, proof) => total + proofDifference(proof), 0),
  };
}

export async function readAll(stream: Readable, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) {
      stream.destroy();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, length));
}

export function parseCamt(bytes: Uint8Array): CamtDocument {
  try {
    return parseCamt053(bytes, { maxBytes: MAX_CAMT_BYTES });
  } catch (error) {
    throw unreadable(error);
  }
}

function readOptions(mapping: ImportMapping | undefined, template: string | undefined): StatementReadOptions {
  if (mapping) {
    const statementMapping: StatementMapping = {
      columns: mapping.columns,
      ...(mapping.headerRowIndex === undefined ? {} : { headerRowIndex: mapping.headerRowIndex }),
      ...(mapping.dateFormat
        ? { dateFormat: mapping.dateFormat as StatementMapping['dateFormat'] & string }
        : {}),
      ...(mapping.decimal ? { decimal: mapping.decimal } : {}),
    };
    return { mapping: statementMapping };
  }
  if (template === 'dnb' || template === 'sparebank1' || template === 'nordnorge') return { template };
  return {};
}

/** The spreadsheet's rows batch by batch, with memory bounded by the batch, not the file. */
async function* spreadsheetBatches(
  stream: AsyncIterable<Uint8Array>,
  options: StatementReadOptions,
  onLayout: (layout: DetectedLayout) => void,
): AsyncGenerator<StatementBatch> {
  try {
    let told = false;
    for await (const batch of streamStatement(stream, { ...options, maxWorkbookBytes: MAX_WORKBOOK_BYTES })) {
      if (!told) {
        onLayout({
          template: batch.layout.template,
          dateFormat: batch.layout.dateFormat,
          decimal: batch.layout.decimal,
        });
        told = true;
      }
      yield {
        rows: batch.rows.map((row) => ({
          rowIndex: row.rowIndex,
          date: row.date,
          valueDate: row.valueDate,
          text: row.text,
          text2: row.text2,
          amountOre: row.amount,
          kid: null,
          endToEndId: null,
          counterpartyName: null,
          counterpartyAccount: null,
          reference: null,
        })),
        refused: batch.refused,
      };
    }
  } catch (error) {
    throw unreadable(error);
  }
}

/** The detected layout and first rows of a spreadsheet, for the mapping step. */
async function spreadsheetLayout(head: Uint8Array, previewRows: number): Promise<ImportJobLayout> {
  try {
    const preview = await previewStatement(head, { maxRows: previewRows });
    return {
      template: preview.template,
      encoding: preview.encoding,
      delimiter: preview.delimiter,
      headerRowIndex: preview.headerRowIndex,
      columns: preview.columns.map((column) => ({
        Index: column.index,
        Name: column.name,
        Kind: column.kind,
        IsAmount: column.isAmount,
      })),
      previewRows: preview.rows.map((row) => ({
        RowIndex: row.rowIndex,
        Cells: row.cells,
        IsHeader: row.isHeader,
      })),
      camt: null,
    };
  } catch (error) {
    throw unreadable(error);
  }
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

async function readHead(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function readFileBytes(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}

/** The warnings of a camt summary, in the language of the person importing. */
type CamtMessages = Parameters<typeof summarizeCamt>[3];

/** What a camt.053 file is checked against: its account, and the last closing balance stored before a day. */
export type CamtContext = {
  accountNumber: string;
  messages: CamtMessages;
  closingBefore: (date: string) => Promise<{ date: string; amountOre: number } | undefined>;
};

async function camtLayout(bytes: Uint8Array, context: CamtContext): Promise<ImportJobLayout> {
  const document = parseCamt(bytes);
  const own = statementsOfAccount(document, context.accountNumber);
  requireStatementOfAccount(document, context.accountNumber, own);
  const firstDate = own
    .map((statement) => statement.fromDate?.slice(0, 10) ?? statement.entries[0]?.bookingDate?.slice(0, 10))
    .filter((date): date is string => date !== undefined)
    .sort()[0];
  const previous = firstDate ? await context.closingBefore(firstDate) : undefined;
  const camt = summarizeCamt(document, context.accountNumber, previous, context.messages);
  const rows = camtRows(document, context.accountNumber);
  return {
    template: null,
    encoding: document.encoding ?? null,
    delimiter: null,
    headerRowIndex: 0,
    columns: [],
    previewRows: rows.slice(0, IMPORT_LIMITS.previewRows).map((row) => ({
      RowIndex: row.rowIndex,
      Cells: [row.date, row.text, row.text2, (row.amountOre / 100).toFixed(2)],
      IsHeader: false,
    })),
    camt,
  };
}

/** An uploaded statement file, told by its content, with the layout and first rows the mapping step shows. */
export async function readStatementLayout(
  file: { path: string; size: number; fileName: string },
  camt: CamtContext,
): Promise<{ format: ImportFormat; layout: ImportJobLayout }> {
  const head = await readHead(file.path, HEAD_BYTES);
  // A ZIP lists its entries at its end, and many writers put xl/workbook.xml last: a workbook larger
  // than the head is recognised from the whole file, which is read whole for its layout anyway.
  const workbook =
    isZip(head) && file.size > head.length && file.size <= MAX_WORKBOOK_BYTES
      ? await readFileBytes(file.path)
      : undefined;
  const format = importFormatOf(workbook ?? head, file.fileName);
  if (format === 'camt053') {
    if (file.size > MAX_CAMT_BYTES) throw tooLarge(MAX_CAMT_BYTES);
    return { format, layout: await camtLayout(await readFileBytes(file.path), camt) };
  }
  if (format === 'csv') return { format, layout: await spreadsheetLayout(head, IMPORT_LIMITS.previewRows) };
  if (file.size > MAX_WORKBOOK_BYTES) throw tooLarge(MAX_WORKBOOK_BYTES);
  const bytes = workbook ?? (await readFileBytes(file.path));
  return { format, layout: await spreadsheetLayout(bytes, IMPORT_LIMITS.previewRows) };
}

/**
 * The file's bytes as they are read, telling how far reading has come. They are pulled, so the file is
 * read no faster than it is parsed (a 'data' listener would read all of it ahead into memory).
 */
async function* countedBytes(stream: Readable, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    onBytes(bytes);
    yield chunk;
  }
}

/** How a stored statement is read for an import, and whom to tell how far reading has come. */
type StatementReading = {
  format: ImportFormat;
  accountNumber: string;
  mapping: ImportMapping | undefined;
  /** The layout to read a spreadsheet with when no mapping is given; detected when absent. */
  template: string | undefined;
  onBytes: (bytes: number) => void;
  onLayout: (layout: DetectedLayout) => void;
};

/** The statement's transactions batch by batch, whatever the file's format. */
export async function* statementBatches(
  open: () => Readable,
  reading: StatementReading,
): AsyncGenerator<StatementBatch> {
  // Opened only as reading begins: a stream opened earlier could fail before anyone listens for its error.
  const stream = open();
  if (reading.format === 'camt053') {
    const bytes = await readAll(stream, MAX_CAMT_BYTES);
    reading.onBytes(bytes.length);
    const rows = camtRows(parseCamt(bytes), reading.accountNumber);
    for (let start = 0; start < rows.length; start += CAMT_BATCH_ROWS) {
      yield { rows: rows.slice(start, start + CAMT_BATCH_ROWS), refused: [] };
    }
    return;
  }
  yield* spreadsheetBatches(
    countedBytes(stream, reading.onBytes),
    readOptions(reading.mapping, reading.template),
    reading.onLayout,
  );
}
