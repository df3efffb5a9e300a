import { and, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BankImportJobRow, bankImportJobs } from './import.table';

export async function insertJob(db: Db, values: typeof bankImportJobs.$inferInsert) {
  const [row] = await db.insert(bankImportJobs).values(values).returning();
  if (!row) throw new Error('The import job was not stored');
  return row;
}

export async function findJob(db: Db, companyId: number, id: number): Promise<BankImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(bankImportJobs)
    .where(and(eq(bankImportJobs.companyId, companyId), eq(bankImportJobs.id, id)));
  return row;
}

/**
 * Marks the job running, with a first heartbeat, unless it already ran or runs: the guard that makes
 * starting twice harmless.
 */
export async function claimJob(db: Db, companyId: number, id: number) {
  const [row] = await db
    .update(bankImportJobs)
    .set({
      status: 'running',
      error: null,
      processedBytes: 0,
      processedRows: 0,
      refused: 0,
      heartbeatAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(bankImportJobs.companyId, companyId),
        eq(bankImportJobs.id, id),
        inArray(bankImportJobs.status, ['uploaded', 'failed']),
      ),
    )
    .returning();
  return row;
}

export async function updateJob(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof bankImportJobs.$inferInsert>,
) {
  await db
    .update(bankImportJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bankImportJobs.companyId, companyId), eq(bankImportJobs.id, id)));
}

export type JobProgress = { processedBytes: number; processedRows: number; refused: number };

/**
 * How far a running job has come, and that its process is alive. A job that has ended keeps what its
 * end wrote, even if a late progress write arrives after it.
 */
export async function saveJobProgress(db: Db, companyId: number, id: number, progress: JobProgress) {
  await db
    .update(bankImportJobs)
    .set({ ...progress, heartbeatAt: sql`now()`, updatedAt: new Date() })
    .where(
      and(
        eq(bankImportJobs.companyId, companyId),
        eq(bankImportJobs.id, id),
        eq(bankImportJobs.status, 'running'),
      ),
    );
}

/** A running job whose process has not beaten within the bound (by the database's clock). */
function heartbeatStopped(staleAfterMs: number): SQL | undefined {
  return and(
    eq(bankImportJobs.status, 'running'),
    or(
      isNull(bankImportJobs.heartbeatAt),
      lt(bankImportJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleAfterMs / 1000})`),
    ),
  );
}

/**
 * Jobs whose process stopped while running them, in every company: their transaction was rolled back
 * with the process, so they failed. Jobs of live processes, which keep beating, are left alone, and so
 * are those this process runs itself.
 */
export async function failStoppedJobs(
  db: Db,
  options: { error: string; staleAfterMs: number; runningHere: number[] },
) {
  await db
    .update(bankImportJobs)
    .set({ status: 'failed', error: options.error, updatedAt: new Date() })
    .where(
      and(
        heartbeatStopped(options.staleAfterMs),
        options.runningHere.length > 0 ? notInArray(bankImportJobs.id, options.runningHere) : undefined,
      ),
    );
}

/** The job, marked failed first if its process stopped while running it. */
export async function failJobIfStopped(
  db: Db,
  companyId: number,
  id: number,
  options: { error: string; staleAfterMs: number },
): Promise<BankImportJobRow | undefined> {
  const [row] = await db
    .update(bankImportJobs)
    .set({ status: 'failed', error: options.error, updatedAt: new Date() })
    .where(
      and(
        eq(bankImportJobs.companyId, companyId),
        eq(bankImportJobs.id, id),
        heartbeatStopped(options.staleAfterMs),
      ),
    )
    .returning();
  return row;
}
