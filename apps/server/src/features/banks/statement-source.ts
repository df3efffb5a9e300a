import type { Readable } from 'node:stream';
import type { CamtSummary, ImportFormat, ImportMapping } from '@bilag/contracts';
import { ErrorCode } from '@bilag/contracts';
import {
  type CamtDocument,
  type CamtEntry,
  DomainError,
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
import { AppError } from '../../platform/errors';
import type { ImportJobLayout } from './bank.table';

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

/** camt.053 is read whole; its files are limited to this size. */
export const MAX_CAMT_BYTES = 50 * 1024 * 1024;
/** Workbooks cannot be read piece by piece; they are limited to this size. */
export const MAX_WORKBOOK_BYTES = 50 * 1024 * 1024;

export function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) {
    if (error.code === 'UNKNOWN_LAYOUT')
      return new AppError(400, ErrorCode.VALIDATION_FAILED, 'mappingIncomplete');
    return new AppError(400, ErrorCode.VALIDATION_FAILED, 'statementUnreadable', {
      params: { reason: error.message },
    });
  }
  throw error;
}

/** What the file is, by its first bytes: a spreadsheet the statement reader takes, or an ISO 20022 statement. */
export function importFormatOf(head: Uint8Array, fileName: string): ImportFormat {
  const type = sniffFileType(head);
  if (type === 'csv' || type === 'xlsx' || type === 'xls') return type;
  if (type === 'xml') return 'camt053';
  throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'importFileNotAccepted', {
    params: { name: fileName },
  });
}

function accountOf(statement: CamtDocument['statements'][number]): string | null {
  const { iban, bban } = statement.account;
  if (iban?.startsWith('NO')) return ibanToBban(iban);
  if (bban) return normalizeAccountNumber(bban);
  return null;
}

/** The statements of a camt document that belong to the account (all of them when they name no account). */
export function statementsOfAccount(document: CamtDocument, accountNumber: string) {
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

/**
 * What a camt document holds for the account, and where it does not add up: a failed balance proof, or an
 * opening balance that does not follow the closing balance before it (the previous statement in the file,
 * or the last closing balance already stored for the account).
 */
export function summarizeCamt(
  document: CamtDocument,
  accountNumber: string,
  previousClosing: { date: string; amountOre: number } | undefined,
  messages: {
    proofFailed: (id: string) => string;
    gap: (id: string, expected: string, actual: string) => string;
    otherAccount: (account: string) => string;
  },
): CamtSummary {
  const own = statementsOfAccount(document, accountNumber);
  const warnings: string[] = [];
  for (const statement of document.statements) {
    const account = accountOf(statement);
    if (account !== null && account !== accountNumber) warnings.push(messages.otherAccount(account));
  }
  const sorted = [...own].sort((a, b) => (a.fromDate ?? '').localeCompare(b.fromDate ?? ''));
  let previous = previousClosing?.amountOre;
  for (const statement of sorted) {
    const id = statement.id ?? statement.electronicSequenceNumber ?? '';
    if (statement.balanceProof && !statement.balanceProof.ok) warnings.push(messages.proofFailed(id));
    const opening = openingOf(statement);
    if (opening && previous !== undefined && opening.amount !== previous) {
      warnings.push(messages.gap(id, (previous / 100).toFixed(2), (opening.amount / 100).toFixed(2)));
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
    return [
      {
        ...base,
        rowIndex: firstIndex,
        text: entry.text ?? entry.additionalInfo ?? entry.counterparty.name ?? '',
        text2: entry.text ? (entry.counterparty.name ?? entry.additionalInfo ?? '') : '',
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
  return entry.transactions.map((transaction, index) => ({
    ...base,
    rowIndex: firstIndex + index,
    text: transaction.text ?? entry.additionalInfo ?? transaction.counterparty.name ?? '',
    text2: transaction.text ? (transaction.counterparty.name ?? '') : '',
    amountOre: transaction.amount ?? 0,
    kid: transaction.kid ?? null,
    endToEndId: transaction.endToEndId ?? null,
    counterpartyName: transaction.counterparty.name ?? null,
    counterpartyAccount:
      transaction.counterparty.account?.iban ?? transaction.counterparty.account?.bban ?? null,
    reference:
      transaction.accountServicerRef ??
      (entryReference === undefined ? null : `${entryReference}#${index + 1}`),
  }));
}

/** The booked transactions of the account's statements in a camt document; pending and informational entries are left out. */
export function camtRows(document: CamtDocument, accountNumber: string): StagedRow[] {
  const rows: StagedRow[] = [];
  for (const statement of statementsOfAccount(document, accountNumber)) {
    for (const entry of statement.entries) {
      if (entry.status !== 'BOOK' && entry.status !== undefined) continue;
      rows.push(...entryRows(entry, rows.length));
    }
  }
  return rows;
}

/** The balances the account's statements state, as they are stored. */
export function camtBalances(document: CamtDocument, accountNumber: string) {
  return statementsOfAccount(document, accountNumber).flatMap((statement) =>
    statement.balances
      .filter((balance) => balance.date !== undefined)
      .map((balance) => ({
        date: (balance.date as string).slice(0, 10),
        type: balance.type,
        amountOre: balance.amount,
        currency: balance.currency,
      })),
  );
}

export async function readAll(stream: Readable, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      stream.destroy();
      throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'importFileTooLarge', {
        params: { megabytes: Math.round(limit / 1024 / 1024) },
      });
    }
    chunks.push(chunk as Buffer);
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

export function readOptions(
  mapping: ImportMapping | undefined,
  template: string | undefined,
): StatementReadOptions {
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
export async function* spreadsheetBatches(
  stream: AsyncIterable<Uint8Array>,
  options: StatementReadOptions,
  onLayout: (layout: { template: string; dateFormat: string; decimal: string | null }) => void,
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
          valueDate: null,
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
export async function spreadsheetLayout(head: Uint8Array, previewRows: number): Promise<ImportJobLayout> {
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
