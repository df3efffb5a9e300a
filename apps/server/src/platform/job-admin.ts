import type { Job, JobState } from '@bilag/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { writeAudit } from './audit';
import type { Principal } from './auth';
import { Errors } from './errors';
import { type JobRow, jobs } from './job.table';

function toJob(row: JobRow): Job {
  return {
    Id: row.id,
    Name: row.name,
    State: row.state,
    CompanyId: row.forCompanyId,
    Payload: row.payload,
    Attempts: row.attempts,
    MaxAttempts: row.maxAttempts,
    RunAt: row.runAt.toISOString(),
    LastError: row.lastError,
    CreatedAt: row.createdAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Every company's jobs, for the administrators who look after the whole installation. */
export async function listJobs(
  db: Db,
  query: { state?: JobState | undefined; page: number; pageSize: number },
): Promise<{ rows: Job[]; total: number }> {
  const where = query.state === undefined ? undefined : eq(jobs.state, query.state);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(jobs).where(where),
  ]);
  return { rows: rows.map(toJob), total: total?.count ?? 0 };
}

/** A failed job queued again with fresh attempts, once whatever made it fail has been put right. */
export async function retryJob(db: Db, principal: Principal, id: number): Promise<Job> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!row) throw Errors.notFound('jobNotFound');
    if (row.state !== 'failed') throw Errors.conflict('jobNotFailed');
    const [queued] = await tx
      .update(jobs)
      .set({
        state: 'queued',
        attempts: 0,
        runAt: new Date(),
        finishedAt: null,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
      .returning();
    if (!queued) throw Errors.conflict('jobNotFailed');
    if (row.forCompanyId !== null)
      await writeAudit(tx, {
        companyId: row.forCompanyId,
        userId: principal.userId,
        entity: 'job',
        entityId: row.id,
        action: 'retry',
        before: { state: row.state, attempts: row.attempts, lastError: row.lastError },
        after: { state: 'queued', attempts: 0 },
      });
    return toJob(queued);
  });
}
