import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  type AutoMatchSummary,
  type CamtSummary,
  ErrorCode,
  IMPORT_LIMITS,
  type ImportFormat,
  type ImportJob,
  type ImportMapping,
  isAdminRole,
  type Language,
  type ReadFileUploadResult,
} from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import type { SpooledFile } from '../../platform/form-data';
import { translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { companyExists, requireCompanyAccess } from '../companies';
import { requireCompanyBank } from './bank.service';
import type { BankImportJobRow, CompanyBankRow, ImportJobLayout } from './bank.table';
import { OccurrenceCounter, rowFingerprint } from './fingerprint';
import type { FingerprintedRow } from './import.repository';
import * as repository from './import.repository';
import {
  camtBalances,
  camtRows,
  importFormatOf,
  MAX_CAMT_BYTES,
  MAX_WORKBOOK_BYTES,
  parseCamt,
  readAll,
  readOptions,
  type StagedRow,
  type StatementBatch,
  spreadsheetBatches,
  spreadsheetLayout,
  statementsOfAccount,
  summarizeCamt,
  unreadable,
} from './statement-source';

/** A camt.053 statement, read whole, is handed on in batches of this many rows, as spreadsheets are. */
const CAMT_BATCH_ROWS = 2000;
const READ_SAMPLE_ROWS = 20;
const READ_SAMPLE_REFUSALS = 50;

type ImportOptions = { mapping?: ImportMapping | undefined; template?: string | undefined };

/**
 * Run once an import is in the books: automatic matching of the new rows. It is handed in where the
 * features are put together, so the bank feature does not depend on the matching feature that reads it.
 */
export type AfterImport = (
  db: Db,
  companyId: number,
  userId: number,
  importId: number,
) => Promise<AutoMatchSummary>;

/** A failure of matching after an import leaves the import in place; matching can be run again. */
async function matchImported(
  db: Db,
  job: BankImportJobRow,
  userId: number,
  importId: number,
  afterImport: AfterImport,
  onError: (error: unknown) => void,
): Promise<AutoMatchSummary | null> {
  try {
    return await afterImport(db, job.companyId, userId, importId);
  } catch (error) {
    onError(error);
    return null;
  }
}

type ImportProgress = { processedBytes: number; processedRows: number; refused: number };

/** Progress of the imports running in this process; the job row holds it once they end. */
const runningProgress = new Map<number, ImportProgress>();

/**
 * An import may be run by a member of the company or, from the administrators' manual import screen,
 * by an administrator for any company.
 */
async function importScope(db: Db, principal: Principal, companyId: number | undefined): Promise<number> {
  if (isAdminRole(principal.roleId)) {
    if (companyId === undefined) throw Errors.companyIdMissing();
    if (!(await companyExists(db, companyId))) throw Errors.companyNotFound();
    return companyId;
  }
  return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
}

function toJob(row: BankImportJobRow): ImportJob {
  const layout = row.layout as ImportJobLayout;
  const live = row.status === 'running' ? runningProgress.get(row.id) : undefined;
  return {
    Id: row.id,
    CompanyId: row.companyId,
    CompanyBankId: row.companyBankId,
    FileName: row.fileName,
    FileSize: row.fileSize,
    Format: row.format as ImportFormat,
    Status: row.status as ImportJob['Status'],
    Template: layout.template,
    Encoding: layout.encoding,
    Delimiter: layout.delimiter,
    HeaderRowIndex: layout.headerRowIndex,
    Columns: layout.columns as ImportJob['Columns'],
    PreviewRows: layout.previewRows,
    Camt: layout.camt as CamtSummary | null,
    ProcessedBytes: live?.processedBytes ?? row.processedBytes,
    ProcessedRows: live?.processedRows ?? row.processedRows,
    Imported: row.imported,
    Duplicates: row.duplicates,
    Refused: live?.refused ?? row.refused,
    Error: row.error,
    ImportId: row.importId,
    Matched: row.matched as AutoMatchSummary | null,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/** Enough of a file's start to tell its format and preview a CSV. */
const HEAD_BYTES = 64 * 1024;

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

function tooLarge(limit: number) {
  return new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'importFileTooLarge', {
    params: { megabytes: Math.round(limit / 1024 / 1024) },
  });
}

function camtMessages(language: Language) {
  return {
    proofFailed: (id: string) => translate(language, 'camtProofFailed', { id }),
    gap: (id: string, expected: string, actual: string) =>
      translate(language, 'camtBalanceGap', { id, expected, actual }),
    otherAccount: (account: string) => translate(language, 'camtOtherAccount', { account }),
  };
}

async function camtLayout(
  db: Db,
  account: CompanyBankRow,
  bytes: Uint8Array,
  language: Language,
): Promise<ImportJobLayout> {
  const document = parseCamt(bytes);
  const own = statementsOfAccount(document, account.accountNumber);
  const firstDate = own
    .map((statement) => statement.fromDate?.slice(0, 10) ?? statement.entries[0]?.bookingDate?.slice(0, 10))
    .filter((date): date is string => date !== undefined)
    .sort()[0];
  const previous = firstDate
    ? await repository.latestClosingBefore(db, account.companyId, account.id, firstDate)
    : undefined;
  const camt = summarizeCamt(document, account.accountNumber, previous, camtMessages(language));
  const rows = camtRows(document, account.accountNumber);
  return {
    template: null,
    encoding: null,
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

/** v2/import-file-upload: keeps the file, detects its layout and shows its first rows. */
export async function uploadImportFile(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number | undefined; companyBankId: number; files: SpooledFile[]; language: Language },
): Promise<ImportJob> {
  const companyId = await importScope(db, principal, input.companyId);
  const account = await requireCompanyBank(db, companyId, input.companyBankId);
  const file = input.files[0];
  if (!file) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'noFilesUploaded');
  if (input.files.length > 1) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'tooManyFiles', { params: { max: 1 } });
  }
  const job = await createJob(db, store, principal, companyId, account, file, input.language);
  return toJob(job);
}

async function createJob(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  companyId: number,
  account: CompanyBankRow,
  file: SpooledFile,
  language: Language,
) {
  const head = await readHead(file.path, HEAD_BYTES);
  // A ZIP lists its entries at its end, and many writers put xl/workbook.xml last: a workbook larger
  // than the head is recognised from the whole file, which is read whole for its layout anyway.
  const workbook =
    isZip(head) && file.size > head.length && file.size <= MAX_WORKBOOK_BYTES
      ? await readFileBytes(file.path)
      : undefined;
  const format = importFormatOf(workbook ?? head, file.fileName);
  let layout: ImportJobLayout;
  if (format === 'camt053') {
    if (file.size > MAX_CAMT_BYTES) throw tooLarge(MAX_CAMT_BYTES);
    layout = await camtLayout(db, account, await readFileBytes(file.path), language);
  } else if (format === 'csv') {
    layout = await spreadsheetLayout(head, IMPORT_LIMITS.previewRows);
  } else {
    if (file.size > MAX_WORKBOOK_BYTES) throw tooLarge(MAX_WORKBOOK_BYTES);
    layout = await spreadsheetLayout(workbook ?? (await readFileBytes(file.path)), IMPORT_LIMITS.previewRows);
  }
  const storageKey = `companies/${companyId}/bank-imports/${randomUUID()}`;
  await store.putFile(storageKey, file.path);
  try {
    return await repository.insertJob(db, {
      companyId,
      companyBankId: account.id,
      fileName: file.fileName.slice(0, 200),
      fileSize: file.size,
      format,
      storageKey,
      layout,
      createdBy: principal.userId,
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

async function readFileBytes(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}

async function requireJob(db: Db, principal: Principal, companyIdInput: number | undefined, jobId: number) {
  const companyId = await importScope(db, principal, companyIdInput);
  const job = await repository.findJob(db, companyId, jobId);
  if (!job) throw Errors.notFound('importJobNotFound');
  return job;
}

export async function getImportJob(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
  jobId: number,
) {
  return toJob(await requireJob(db, principal, companyId, jobId));
}

function checkMapping(mapping: ImportMapping | undefined) {
  if (!mapping) return;
  const { columns } = mapping;
  const hasAmount =
    columns.amount !== undefined || columns.amountIn !== undefined || columns.amountOut !== undefined;
  if (columns.date === undefined || !hasAmount) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'mappingIncomplete');
  }
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

/** The job's transactions batch by batch, whatever the file's format. */
async function* jobBatches(
  store: ObjectStore,
  job: BankImportJobRow,
  account: CompanyBankRow,
  options: ImportOptions,
  onBytes: (bytes: number) => void,
  onLayout: (layout: { template: string; dateFormat: string; decimal: string | null }) => void,
): AsyncGenerator<StatementBatch> {
  const stream = store.openRead(job.storageKey);
  if (job.format === 'camt053') {
    const bytes = await readAll(stream, MAX_CAMT_BYTES);
    onBytes(bytes.length);
    const rows = camtRows(parseCamt(bytes), account.accountNumber);
    for (let start = 0; start < rows.length; start += CAMT_BATCH_ROWS) {
      yield { rows: rows.slice(start, start + CAMT_BATCH_ROWS), refused: [] };
    }
    return;
  }
  const template = options.template ?? (job.layout as ImportJobLayout).template ?? undefined;
  yield* spreadsheetBatches(countedBytes(stream, onBytes), readOptions(options.mapping, template), onLayout);
}

/** v2/read-file-upload: how the rows will be read with the mapping, and which are refused and why. */
export async function readFileUpload(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number | undefined; jobId: number } & ImportOptions,
): Promise<ReadFileUploadResult> {
  checkMapping(input.mapping);
  const job = await requireJob(db, principal, input.companyId, input.jobId);
  const account = await requireCompanyBank(db, job.companyId, job.companyBankId);
  const sample: StagedRow[] = [];
  const refusals: ReadFileUploadResult['Refused'] = [];
  let totalRows = 0;
  let totalRefused = 0;
  let sum = 0;
  let fromDate: string | null = null;
  let toDate: string | null = null;
  let detected: { dateFormat: string; decimal: string | null } | undefined;
  const batches = jobBatches(
    store,
    job,
    account,
    input,
    () => {},
    (layout) => {
      detected = layout;
    },
  );
  for await (const batch of batches) {
    for (const row of batch.rows) {
      if (sample.length < READ_SAMPLE_ROWS) sample.push(row);
      totalRows += 1;
      sum += row.amountOre;
      if (fromDate === null || row.date < fromDate) fromDate = row.date;
      if (toDate === null || row.date > toDate) toDate = row.date;
    }
    for (const refusal of batch.refused) {
      if (refusals.length < READ_SAMPLE_REFUSALS) {
        refusals.push({ RowIndex: refusal.rowIndex, Reason: refusal.reason, Message: refusal.message });
      }
      totalRefused += 1;
    }
  }
  return {
    Rows: sample.map((row) => ({
      RowIndex: row.rowIndex,
      Date: row.date,
      Text: row.text,
      Text2: row.text2,
      AmountOre: row.amountOre,
    })),
    Refused: refusals,
    TotalRows: totalRows,
    TotalRefused: totalRefused,
    DateFormat: detected?.dateFormat ?? null,
    Decimal: detected?.decimal ?? null,
    FromDate: fromDate,
    ToDate: toDate,
    SumOre: sum,
  };
}

export type ImportOutcome = {
  importId: number | null;
  imported: number;
  duplicates: number;
  refused: number;
};

/** The first and last booking dates of the rows read. */
type StatementPeriod = { fromDate: string | null; toDate: string | null };

/** The rows of the statement with their fingerprints, identical rows numbered in file order. */
async function* fingerprinted(
  batches: AsyncIterable<StatementBatch>,
  progress: ImportProgress,
  period: StatementPeriod,
): AsyncGenerator<FingerprintedRow[]> {
  const occurrences = new OccurrenceCounter();
  for await (const batch of batches) {
    progress.refused += batch.refused.length;
    yield batch.rows.map((row) => {
      const fingerprinted = row as FingerprintedRow;
      fingerprinted.fingerprint = rowFingerprint(row);
      fingerprinted.occurrence = occurrences.next(fingerprinted.fingerprint);
      if (period.fromDate === null || row.date < period.fromDate) period.fromDate = row.date;
      if (period.toDate === null || row.date > period.toDate) period.toDate = row.date;
      return fingerprinted;
    });
    progress.processedRows += batch.rows.length;
  }
}

/**
 * Runs one import in a single database transaction. Into an account that holds no transactions yet, the
 * rows are loaded straight in as the file is read, for nothing there can repeat them. Otherwise they are
 * staged as the file is read, then moved into the account with the duplicates left out. If anything
 * fails, nothing is kept.
 */
async function runImport(
  db: Db,
  store: ObjectStore,
  job: BankImportJobRow,
  account: CompanyBankRow,
  userId: number,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const progress: ImportProgress = { processedBytes: 0, processedRows: 0, refused: 0 };
  runningProgress.set(job.id, progress);
  let template = job.format === 'camt053' ? null : (job.layout as ImportJobLayout).template;
  try {
    return await db.transaction(async (tx) => {
      await repository.lockAccountAdditions(tx, account.id);
      const target = { companyId: job.companyId, companyBankId: account.id };
      const record = await repository.insertImport(tx, {
        ...target,
        fileName: job.fileName,
        fileSize: job.fileSize,
        format: job.format,
        template,
        storageKey: job.storageKey,
        imported: 0,
        duplicates: 0,
        refused: 0,
        createdBy: userId,
      });
      const period: StatementPeriod = { fromDate: null, toDate: null };
      const rows = fingerprinted(
        jobBatches(
          store,
          job,
          account,
          options,
          (bytes) => {
            progress.processedBytes = bytes;
          },
          (layout) => {
            template = layout.template;
          },
        ),
        progress,
        period,
      );
      const into = { ...target, importId: record.id, currency: account.currency, userId };
      let imported: number;
      if (repository.canLoadDirectly(tx) && !(await repository.accountHasRows(tx, target))) {
        imported = await repository.loadIntoAccount(tx, into, rows);
      } else {
        await repository.createStaging(tx);
        await repository.stageRows(tx, rows);
        const mayRepeat =
          period.fromDate !== null &&
          period.toDate !== null &&
          (await repository.accountHasRowsBetween(tx, target, period.fromDate, period.toDate));
        imported = await repository.commitStaged(tx, { ...into, mayRepeat });
      }
      progress.processedBytes = job.fileSize;
      if (progress.processedRows === 0 && progress.refused === 0) {
        throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'importNoRows');
      }
      const duplicates = progress.processedRows - imported;
      await repository.finishImport(tx, job.companyId, record.id, {
        imported,
        duplicates,
        refused: progress.refused,
        template,
        fromDate: period.fromDate,
        toDate: period.toDate,
      });
      if (job.format === 'camt053') {
        const document = parseCamt(await readAll(store.openRead(job.storageKey), MAX_CAMT_BYTES));
        await repository.insertBalances(
          tx,
          camtBalances(document, account.accountNumber).map((balance) => ({
            companyId: job.companyId,
            companyBankId: account.id,
            importId: record.id,
            balanceDate: balance.date,
            balanceType: balance.type,
            amountOre: balance.amountOre,
            currency: balance.currency,
            source: 'CAMT053',
          })),
        );
      }
      await writeAudit(tx, {
        companyId: job.companyId,
        userId,
        entity: 'bank-import',
        entityId: record.id,
        action: 'create',
        after: {
          fileName: job.fileName,
          accountNumber: account.accountNumber,
          imported,
          duplicates,
          refused: progress.refused,
        },
      });
      return { importId: record.id, imported, duplicates, refused: progress.refused };
    });
  } finally {
    runningProgress.delete(job.id);
  }
}

function failureMessage(error: unknown, language: Language): string {
  const known = error instanceof AppError ? error : undefined;
  if (known) return translate(language, known.messageKey, known.options.params);
  try {
    const mapped = unreadable(error);
    return translate(language, mapped.messageKey, mapped.options.params);
  } catch {
    return translate(language, 'internal');
  }
}

async function startJob(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; jobId: number } & ImportOptions,
) {
  checkMapping(input.mapping);
  const job = await requireJob(db, principal, input.companyId, input.jobId);
  const account = await requireCompanyBank(db, job.companyId, job.companyBankId);
  const claimed = await repository.claimJob(db, job.companyId, job.id);
  if (!claimed) throw new AppError(409, ErrorCode.CONFLICT, 'importNotStartable');
  return { job: claimed, account };
}

async function finishJob(
  db: Db,
  store: ObjectStore,
  job: BankImportJobRow,
  account: CompanyBankRow,
  userId: number,
  options: ImportOptions,
  language: Language,
  afterImport: AfterImport,
  onError: (error: unknown) => void,
): Promise<(ImportOutcome & { matched: AutoMatchSummary | null }) | undefined> {
  let outcome: ImportOutcome;
  try {
    outcome = await runImport(db, store, job, account, userId, options);
  } catch (error) {
    onError(error);
    await repository.updateJob(db, job.companyId, job.id, {
      status: 'failed',
      error: failureMessage(error, language),
    });
    return undefined;
  }
  const matched =
    outcome.importId === null
      ? null
      : await matchImported(db, job, userId, outcome.importId, afterImport, onError);
  try {
    await repository.updateJob(db, job.companyId, job.id, {
      status: 'completed',
      processedBytes: job.fileSize,
      processedRows: outcome.imported + outcome.duplicates,
      imported: outcome.imported,
      duplicates: outcome.duplicates,
      refused: outcome.refused,
      importId: outcome.importId,
      matched,
    });
  } catch (error) {
    onError(error);
  }
  return { ...outcome, matched };
}

/** v2/import-data-upload: starts the import and answers at once; the job tells how far it has come. */
export async function startImport(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: {
    companyId?: number | undefined;
    jobId: number;
    language: Language;
    afterImport: AfterImport;
    log: (error: unknown) => void;
  } & ImportOptions,
): Promise<ImportJob> {
  const { job, account } = await startJob(db, principal, input);
  void finishJob(
    db,
    store,
    job,
    account,
    principal.userId,
    input,
    input.language,
    input.afterImport,
    input.log,
  );
  return toJob(job);
}

/** import: the one-step form; each file is read with its detected layout and imported before the reply. */
export async function importFiles(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: {
    companyId?: number | undefined;
    companyBankId: number;
    files: SpooledFile[];
    language: Language;
    afterImport: AfterImport;
    log: (error: unknown) => void;
  },
) {
  const companyId = await importScope(db, principal, input.companyId);
  const account = await requireCompanyBank(db, companyId, input.companyBankId);
  if (input.files.length === 0) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'noFilesUploaded');
  const results = [];
  for (const file of input.files) {
    const created = await createJob(db, store, principal, companyId, account, file, input.language);
    const { job } = await startJob(db, principal, { companyId, jobId: created.id });
    let failure: unknown;
    const outcome = await finishJob(
      db,
      store,
      job,
      account,
      principal.userId,
      {},
      input.language,
      input.afterImport,
      (error) => {
        failure = error;
        input.log(error);
      },
    );
    if (!outcome) throw failure instanceof AppError ? failure : unreadable(failure);
    const layout = created.layout as ImportJobLayout;
    results.push({
      ImportId: outcome.importId,
      Imported: outcome.imported,
      Duplicates: outcome.duplicates,
      Refused: outcome.refused,
      Warnings: layout.camt ? ((layout.camt as CamtSummary).Warnings ?? []) : [],
      Matched: outcome.matched,
    });
  }
  return results;
}

/** At start-up: an import that was running when the server stopped was rolled back with it. */
export async function failInterruptedImports(db: Db) {
  await repository.failRunningJobs(db, translate('en', 'importInterrupted'));
}

/* Import history */

export async function listImports(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; companyBankId: number; pageNumber: number; pageSize: number },
) {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  const { rows, total } = await repository.listImports(
    db,
    companyId,
    query.companyBankId,
    query.pageSize,
    (query.pageNumber - 1) * query.pageSize,
  );
  return {
    total,
    rows: rows.map(({ entry, accountNumber, userName, remaining }) => ({
      Id: entry.id,
      CompanyBankId: entry.companyBankId,
      AccountNumber: accountNumber,
      FileName: entry.fileName,
      Format: entry.format as ImportFormat,
      Template: entry.template,
      Imported: entry.imported,
      Duplicates: entry.duplicates,
      Refused: entry.refused,
      FromDate: entry.fromDate,
      ToDate: entry.toDate,
      UserName: userName,
      CreatedAt: entry.createdAt.toISOString(),
      RemainingTransactions: remaining,
    })),
  };
}

export async function deleteImport(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  companyIdInput: number | undefined,
  importId: number,
) {
  const companyId = (await requireCompanyAccess(db, principal.userId, companyIdInput)).Id;
  const { deleted, storageKey } = await db.transaction(async (tx) => {
    const record = await repository.findImport(tx, companyId, importId);
    if (!record) throw Errors.notFound('importNotFound');
    const removed = await repository.deleteImport(tx, companyId, importId);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'bank-import',
      entityId: importId,
      action: 'delete',
      before: { ...record, createdAt: record.createdAt.toISOString() },
      after: { deletedTransactions: removed },
    });
    return { deleted: removed, storageKey: record.storageKey };
  });
  if (storageKey) await store.delete(storageKey);
  return { deletedTransactions: deleted };
}
