import type { AutoMatchSummary, ImportMapping, Language } from '@bilag/contracts';
import type { Db } from '../../db/client';
import type { CompanyBankRow } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, closedPeriodError, Errors } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { OccurrenceCounter, rowFingerprint } from './fingerprint';
import * as repository from './import.repository';
import type { BankImportJobRow } from './import.table';
import * as jobs from './import-job.repository';
import {
  camtBalances,
  camtProof,
  MAX_CAMT_BYTES,
  parseCamt,
  readAll,
  type StatementBatch,
  statementBatches,
  unreadable,
} from './statement-source';

/** How often a running import writes its progress and heartbeat to its job row. */
const PROGRESS_WRITE_MS = 500;
/**
 * A running job whose heartbeat is older than this has lost its process. Far above the write interval,
 * so a busy database or a long pause of the process does not fail a live import.
 */
export const STALE_HEARTBEAT_MS = 2 * 60_000;

/**
 * Run once an import is in the books: automatic matching of the new rows. It is handed in where the
 * features are put together, so the imports feature does not depend on the matching feature that reads it.
 */
export type AfterImport = (
  db: Db,
  companyId: number,
  userId: number,
  importId: number,
) => Promise<AutoMatchSummary>;

/**
 * Run inside the import's transaction once its rows are in, so what it changes is kept or undone with the
 * import (payments the statement shows paid). Handed in where the features are put together, like AfterImport.
 */
export type WithinImport = (
  tx: Db,
  actor: { companyId: number; userId: number; language: Language },
  importId: number,
) => Promise<unknown>;

/** One run of a claimed import job: what it reads, into which account, for whom, and what follows. */
export type ImportRun = {
  db: Db;
  store: ObjectStore;
  job: BankImportJobRow;
  account: CompanyBankRow;
  userId: number;
  /** The columns a person chose; without them the file is read with its template or detected layout. */
  mapping?: ImportMapping | undefined;
  template?: string | undefined;
  /** The language of the person importing, for the failure the job tells. */
  language: Language;
  withinImport: WithinImport;
  afterImport: AfterImport;
  onError: (error: unknown) => void;
};

export type ImportOutcome = {
  importId: number | null;
  imported: number;
  duplicates: number;
  refused: number;
};

/**
 * The jobs this process is running. Their heartbeat may lag while the embedded database is held by
 * their own transaction, so this process never takes them for stopped; other processes go by the
 * heartbeat alone.
 */
const runningHere = new Set<number>();

export function isRunningHere(jobId: number): boolean {
  return runningHere.has(jobId);
}

export function jobsRunningHere(): number[] {
  return [...runningHere];
}

/**
 * Writes the job's progress and heartbeat to its row every PROGRESS_WRITE_MS, one write at a time and
 * outside the import's transaction, so that a poll reaching any process sees how far it has come.
 * The work itself is the job row; this timer is only its pulse, and it is meant to die with the
 * process: a heartbeat that stops is how another process knows the job was interrupted (ADR 0006).
 */
function reportProgress(db: Db, job: BankImportJobRow, progress: jobs.JobProgress) {
  let inFlight: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = jobs
      .saveJobProgress(db, job.companyId, job.id, { ...progress })
      // A write that fails is made up by the next; the import itself does not depend on it.
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
  }, PROGRESS_WRITE_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** The first and last booking dates of the rows read. */
type StatementPeriod = { fromDate: string | null; toDate: string | null };

/** The rows of the statement with their fingerprints, identical rows numbered in file order. */
async function* fingerprinted(
  batches: AsyncIterable<StatementBatch>,
  progress: jobs.JobProgress,
  period: StatementPeriod,
): AsyncGenerator<repository.FingerprintedRow[]> {
  const occurrences = new OccurrenceCounter();
  for await (const batch of batches) {
    progress.refused += batch.refused.length;
    yield batch.rows.map((row) => {
      // Completed in place: a million rows are not copied to add two fields.
      const fingerprinted = row as repository.FingerprintedRow;
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
async function runImport(run: ImportRun, progress: jobs.JobProgress): Promise<ImportOutcome> {
  const { db, store, job, account, userId } = run;
  let template = job.format === 'camt053' ? null : job.layout.template;
  return db.transaction(async (tx) => {
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
    const batches = statementBatches(() => store.openRead(job.storageKey), {
      format: job.format,
      accountNumber: account.accountNumber,
      mapping: run.mapping,
      template: run.template ?? job.layout.template ?? undefined,
      onBytes: (bytes) => {
        progress.processedBytes = bytes;
      },
      onLayout: (layout) => {
        template = layout.template;
      },
    });
    const rows = fingerprinted(batches, progress, period);
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
    if (progress.processedRows === 0 && progress.refused === 0) throw Errors.invalid('importNoRows');
    await run.withinImport(tx, { companyId: job.companyId, userId, language: run.language }, record.id);
    const duplicates = progress.processedRows - imported;
    const document =
      job.format === 'camt053'
        ? parseCamt(await readAll(store.openRead(job.storageKey), MAX_CAMT_BYTES))
        : undefined;
    // The file's balance proof stays with the import, so a statement that did not add up is seen later.
    const proof = document ? camtProof(document, account.accountNumber) : undefined;
    await repository.finishImport(tx, job.companyId, record.id, {
      imported,
      duplicates,
      refused: progress.refused,
      template,
      fromDate: period.fromDate,
      toDate: period.toDate,
      balanceProven: proof?.proven ?? null,
      balanceDifferenceOre: proof?.differenceOre ?? null,
    });
    if (document) {
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
          source: 'CAMT053' as const,
          proven: balance.proven,
          proofDifferenceOre: balance.proofDifferenceOre,
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
        balanceProven: proof?.proven ?? null,
        balanceDifferenceOre: proof?.differenceOre ?? null,
      },
    });
    return { importId: record.id, imported, duplicates, refused: progress.refused };
  });
}

/** A failure of matching after an import leaves the import in place; matching can be run again. */
async function matchImported(run: ImportRun, importId: number): Promise<AutoMatchSummary | null> {
  try {
    return await run.afterImport(run.db, run.job.companyId, run.userId, importId);
  } catch (error) {
    run.onError(error);
    return null;
  }
}

function failureMessage(error: unknown, language: Language): string {
  const known = error instanceof AppError ? error : closedPeriodError(error);
  if (known) return translate(language, known.messageKey, known.options.params);
  try {
    const mapped = unreadable(error);
    return translate(language, mapped.messageKey, mapped.options.params);
  } catch {
    return translate(language, 'internal');
  }
}

/**
 * Imports the claimed job's file, matches the new rows, and leaves the outcome (or the failure) in the
 * job row; answers the outcome, or undefined when the import failed. It never throws (what fails is
 * handed to onError), so it may run after the request that started it has been answered.
 */
export async function runJob(
  run: ImportRun,
): Promise<(ImportOutcome & { matched: AutoMatchSummary | null }) | undefined> {
  const { db, job } = run;
  const progress: jobs.JobProgress = { processedBytes: 0, processedRows: 0, refused: 0 };
  runningHere.add(job.id);
  const reporter = reportProgress(db, job, progress);
  try {
    let outcome: ImportOutcome;
    try {
      outcome = await runImport(run, progress);
    } catch (error) {
      run.onError(error);
      await endJob(run, reporter, { status: 'failed', error: failureMessage(error, run.language) });
      return undefined;
    }
    const matched = outcome.importId === null ? null : await matchImported(run, outcome.importId);
    await endJob(run, reporter, {
      status: 'completed',
      processedBytes: job.fileSize,
      processedRows: outcome.imported + outcome.duplicates,
      imported: outcome.imported,
      duplicates: outcome.duplicates,
      refused: outcome.refused,
      importId: outcome.importId,
      matched,
    });
    return { ...outcome, matched };
  } finally {
    runningHere.delete(job.id);
  }
}

/** The job's last word, once its progress writes have stopped, so none of them lands after it. */
async function endJob(
  run: ImportRun,
  reporter: ReturnType<typeof reportProgress>,
  values: Parameters<typeof jobs.updateJob>[3],
) {
  await reporter.stop();
  try {
    await jobs.updateJob(run.db, run.job.companyId, run.job.id, values);
  } catch (error) {
    run.onError(error);
  }
}
