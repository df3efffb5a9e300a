import { randomUUID } from 'node:crypto';
import {
  type AutoImportTemplate,
  type ImportJob,
  type ImportMapping,
  isAdminRole,
  type Language,
  type ReadFileUploadResult,
} from '@bilag/contracts';
import type { Db } from '../../db/client';
import type { CompanyBankRow } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { SpooledFile } from '../../platform/form-data';
import { translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyBank } from '../banks';
import { companyExists, requireCompanyAccess } from '../companies';
import * as repository from './import.repository';
import type { BankImportJobRow } from './import.table';
import * as jobs from './import-job.repository';
import {
  type AfterImport,
  isRunningHere,
  jobsRunningHere,
  runJob,
  STALE_HEARTBEAT_MS,
  type WithinImport,
} from './import-run.service';
import {
  type DetectedLayout,
  readStatementLayout,
  type StagedRow,
  statementBatches,
  unreadable,
} from './statement-source';

const READ_SAMPLE_ROWS = 20;
const READ_SAMPLE_REFUSALS = 50;

/** How a person asked for the file to be read: their column mapping, or a known layout. */
type ReadChoice = { mapping?: ImportMapping | undefined; template?: AutoImportTemplate | undefined };

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
  const { layout } = row;
  return {
    Id: row.id,
    CompanyId: row.companyId,
    CompanyBankId: row.companyBankId,
    FileName: row.fileName,
    FileSize: row.fileSize,
    Format: row.format,
    Status: row.status,
    Template: layout.template,
    Encoding: layout.encoding,
    Delimiter: layout.delimiter,
    HeaderRowIndex: layout.headerRowIndex,
    Columns: layout.columns,
    PreviewRows: layout.previewRows,
    Camt: layout.camt,
    ProcessedBytes: row.processedBytes,
    ProcessedRows: row.processedRows,
    Imported: row.imported,
    Duplicates: row.duplicates,
    Refused: row.refused,
    Error: row.error,
    ImportId: row.importId,
    Matched: row.matched,
    CreatedAt: row.createdAt.toISOString(),
  };
}

function camtMessages(language: Language) {
  return {
    proofFailed: (id: string, expected: string, actual: string) =>
      translate(language, 'camtProofFailed', { id, expected, actual }),
    gap: (id: string, expected: string, actual: string) =>
      translate(language, 'camtBalanceGap', { id, expected, actual }),
    otherAccount: (account: string) => translate(language, 'camtOtherAccount', { account }),
  };
}

/** An uploaded file on its way to becoming a job of the account. */
type NewJob = {
  companyId: number;
  account: CompanyBankRow;
  file: SpooledFile;
  language: Language;
  userId: number;
};

/** Keeps the file and the job that will import it, with the file's detected layout. */
async function createJob(db: Db, store: ObjectStore, upload: NewJob) {
  const { companyId, account, file } = upload;
  const { format, layout } = await readStatementLayout(file, {
    accountNumber: account.accountNumber,
    messages: camtMessages(upload.language),
    closingBefore: (date) => repository.latestClosingBefore(db, companyId, account.id, date),
  });
  const storageKey = `companies/${companyId}/bank-imports/${randomUUID()}`;
  await store.putFile(storageKey, file.path);
  try {
    return await jobs.insertJob(db, {
      companyId,
      companyBankId: account.id,
      fileName: file.fileName.slice(0, 200),
      fileSize: file.size,
      format,
      storageKey,
      layout,
      createdBy: upload.userId,
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
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
  if (!file) throw Errors.invalid('noFilesUploaded');
  if (input.files.length > 1) throw Errors.invalid('tooManyFiles', { max: 1 });
  const job = await createJob(db, store, {
    companyId,
    account,
    file,
    language: input.language,
    userId: principal.userId,
  });
  return toJob(job);
}

async function requireJob(db: Db, principal: Principal, companyIdInput: number | undefined, jobId: number) {
  const companyId = await importScope(db, principal, companyIdInput);
  const job = await jobs.findJob(db, companyId, jobId);
  if (!job) throw Errors.notFound('importJobNotFound');
  return job;
}

function interruptedMessage() {
  return translate('en', 'importInterrupted');
}

/**
 * v2/import-job: the job as its row tells it, wherever it runs. A job left running by a process that
 * has stopped beating is failed as it is read, so nobody waits for it.
 */
export async function getImportJob(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
  jobId: number,
) {
  const job = await requireJob(db, principal, companyId, jobId);
  if (job.status !== 'running' || isRunningHere(job.id)) return toJob(job);
  const failed = await jobs.failJobIfStopped(db, job.companyId, job.id, {
    error: interruptedMessage(),
    staleAfterMs: STALE_HEARTBEAT_MS,
  });
  return toJob(failed ?? job);
}

function requireCompleteMapping(mapping: ImportMapping | undefined) {
  if (!mapping) return;
  const { columns } = mapping;
  const hasAmount =
    columns.amount !== undefined || columns.amountIn !== undefined || columns.amountOut !== undefined;
  if (columns.date === undefined || !hasAmount) throw Errors.invalid('mappingIncomplete');
}

/** v2/read-file-upload: how the rows will be read with the mapping, and which are refused and why. */
export async function readFileUpload(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number | undefined; jobId: number } & ReadChoice,
): Promise<ReadFileUploadResult> {
  requireCompleteMapping(input.mapping);
  const job = await requireJob(db, principal, input.companyId, input.jobId);
  const account = await requireCompanyBank(db, job.companyId, job.companyBankId);
  const sample: StagedRow[] = [];
  const refusals: ReadFileUploadResult['Refused'] = [];
  let totalRows = 0;
  let totalRefused = 0;
  let sum = 0;
  let fromDate: string | null = null;
  let toDate: string | null = null;
  let detected: DetectedLayout | undefined;
  const batches = statementBatches(() => store.openRead(job.storageKey), {
    format: job.format,
    accountNumber: account.accountNumber,
    mapping: input.mapping,
    template: input.template ?? job.layout.template ?? undefined,
    onBytes: () => {},
    onLayout: (layout) => {
      detected = layout;
    },
  });
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
      ValueDate: row.valueDate,
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

/** Claims the job for a run, once the mapping and the caller's access to it are checked. */
async function claimJob(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; jobId: number; mapping?: ImportMapping | undefined },
) {
  requireCompleteMapping(input.mapping);
  const job = await requireJob(db, principal, input.companyId, input.jobId);
  const account = await requireCompanyBank(db, job.companyId, job.companyBankId);
  const claimed = await jobs.claimJob(db, job.companyId, job.id);
  if (!claimed) throw Errors.conflict('importNotStartable');
  return { job: claimed, account };
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
    withinImport: WithinImport;
    afterImport: AfterImport;
    log: (error: unknown) => void;
  } & ReadChoice,
): Promise<ImportJob> {
  const { job, account } = await claimJob(db, principal, input);
  void runJob({
    db,
    store,
    job,
    account,
    userId: principal.userId,
    mapping: input.mapping,
    template: input.template,
    language: input.language,
    withinImport: input.withinImport,
    afterImport: input.afterImport,
    onError: input.log,
  });
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
    withinImport: WithinImport;
    afterImport: AfterImport;
    log: (error: unknown) => void;
  },
) {
  const companyId = await importScope(db, principal, input.companyId);
  const account = await requireCompanyBank(db, companyId, input.companyBankId);
  if (input.files.length === 0) throw Errors.invalid('noFilesUploaded');
  const results = [];
  for (const file of input.files) {
    const created = await createJob(db, store, {
      companyId,
      account,
      file,
      language: input.language,
      userId: principal.userId,
    });
    const { job } = await claimJob(db, principal, { companyId, jobId: created.id });
    let failure: unknown;
    const outcome = await runJob({
      db,
      store,
      job,
      account,
      userId: principal.userId,
      language: input.language,
      withinImport: input.withinImport,
      afterImport: input.afterImport,
      onError: (error) => {
        failure = error;
        input.log(error);
      },
    });
    if (!outcome) throw unreadable(failure);
    results.push({
      ImportId: outcome.importId,
      Imported: outcome.imported,
      Duplicates: outcome.duplicates,
      Refused: outcome.refused,
      Warnings: created.layout.camt?.Warnings ?? [],
      Matched: outcome.matched,
    });
  }
  return results;
}

/**
 * At start-up: imports whose process stopped while running them were rolled back with it, so they
 * failed. Only jobs whose heartbeat has stopped are touched; another live process's jobs go on.
 */
export async function failInterruptedImports(db: Db) {
  await jobs.failStoppedJobs(db, {
    error: interruptedMessage(),
    staleAfterMs: STALE_HEARTBEAT_MS,
    runningHere: jobsRunningHere(),
  });
}
