import os from 'node:os';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type JobRow, jobs } from './job.table';

/**
 * The job runner (ADR 0009). Work that outlives a request is a row in `jobs`: any server process
 * claims due rows with FOR UPDATE SKIP LOCKED, so each runs once however many processes there are;
 * a process that dies while running one leaves it locked only until `lockedUntil`; a failure is
 * retried with backoff until its attempts run out, and then stays, with its error, for an admin.
 * The same code runs on PostgreSQL and on the embedded PGlite.
 */

export type JobContext = { db: Db; job: JobRow; log: FastifyBaseLogger | undefined };

/**
 * What a handler asks for after a run: nothing (done), or to run again at a time (a poll that is
 * not finished yet); running again that way does not count as a failed attempt.
 */
export type JobOutcome = undefined | { runAgainAt: Date };

/**
 * Runs the claimed jobs of one name together, for work whose cost is mostly the round trips each job
 * would make alone. Answers each job's outcome by its id; a job it names an error for fails alone.
 */
export type JobBatchRun = (
  jobs: readonly JobRow[],
  context: Omit<JobContext, 'job'>,
) => Promise<ReadonlyMap<number, JobOutcome | Error>>;

/** A handler with a `batch` is given the jobs of its name claimed in the same round together. */
export type JobHandler = ((payload: Record<string, unknown>, context: JobContext) => Promise<JobOutcome>) & {
  batch?: JobBatchRun;
};
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A job that runs every `everyMs`, once across every server process. */
export type JobSchedule = { name: string; everyMs: number };

export type NewJob = {
  name: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** While a job with this key is queued or running, another is not added. */
  singletonKey?: string;
  maxAttempts?: number;
  companyId?: number;
};

/**
 * The time a job acts at: the time it was due, when a runner takes it early (tests run the future
 * now), otherwise now. A job due at a basket's expiry therefore sees the basket expired.
 */
export function jobTime(context: Pick<JobContext, 'job'>): Date {
  const now = Date.now();
  return new Date(Math.max(now, context.job.runAt.getTime()));
}

/** How long a claimed job may run before another process may take it over. */
const LOCK_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const ERROR_TEXT_MAX = 2_000;

const scheduleKey = (name: string) => `schedule:${name}`;

/** Adds a job; answers its id, or undefined when a job with the same singleton key is already waiting. */
export async function enqueueJob(db: Db, job: NewJob): Promise<number | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      singletonKey: job.singletonKey ?? null,
      maxAttempts: job.maxAttempts ?? 10,
      forCompanyId: job.companyId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id;
}

/** 5 s, 10 s, 20 s… up to an hour, with up to a fifth added so many failures spread out. */
export function jobBackoffMs(attempts: number): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return base + Math.random() * base * 0.2;
}

async function claimJobs(
  db: Db,
  names: readonly string[],
  workerId: string,
  limit: number,
  dueBy: Date,
): Promise<JobRow[]> {
  if (names.length === 0) return [];
  const due = dueBy.toISOString();
  const lockedUntil = new Date(Date.now() + LOCK_MS).toISOString();
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = ${lockedUntil}::timestamptz
    where id in (
      select id from jobs
      where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
        and ((state = 'queued' and run_at <= ${due}::timestamptz)
          or (state = 'running' and locked_until < now()))
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.runAt, jobs.id);
}

/**
 * Only the process that holds the job's lock may finish it: one whose lock ran out and was taken over
 * by another process leaves the job to that process.
 */
const heldBy = (job: JobRow) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, job.lockedBy ?? ''));

async function finishJob(db: Db, job: JobRow, outcome: JobOutcome, schedules: readonly JobSchedule[]) {
  await db.transaction(async (tx) => {
    if (outcome?.runAgainAt) {
      // A poll that is not finished: back in the queue, and this run does not count as an attempt.
      await tx
        .update(jobs)
        .set({
          state: 'queued',
          runAt: outcome.runAgainAt,
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(heldBy(job));
      return;
    }
    const finished = await tx
      .update(jobs)
      .set({ state: 'done', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null })
      .where(heldBy(job))
      .returning({ id: jobs.id });
    if (finished.length === 0) return;
    const schedule = schedules.find((candidate) => scheduleKey(candidate.name) === job.singletonKey);
    if (schedule) {
      await enqueueJob(tx as unknown as Db, {
        name: schedule.name,
        singletonKey: scheduleKey(schedule.name),
        runAt: new Date(Date.now() + schedule.everyMs),
      });
    }
  });
}

/** Marks the jobs of a batch done that asked for nothing more, in one statement. */
async function finishJobsDone(db: Db, done: readonly JobRow[]) {
  const [first] = done;
  if (!first) return;
  await db
    .update(jobs)
    .set({ state: 'done', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null })
    .where(
      and(
        inArray(
          jobs.id,
          done.map((job) => job.id),
        ),
        eq(jobs.state, 'running'),
        eq(jobs.lockedBy, first.lockedBy ?? ''),
      ),
    );
}

async function failJob(db: Db, job: JobRow, error: unknown, schedules: readonly JobSchedule[]) {
  const text = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
    0,
    ERROR_TEXT_MAX,
  );
  const outOfAttempts = job.attempts >= job.maxAttempts;
  const failed = await db
    .update(jobs)
    .set(
      outOfAttempts
        ? { state: 'failed', finishedAt: new Date(), lastError: text, lockedBy: null, lockedUntil: null }
        : {
            state: 'queued',
            runAt: new Date(Date.now() + jobBackoffMs(job.attempts)),
            lastError: text,
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(heldBy(job))
    .returning({ id: jobs.id });
  if (failed.length === 0) return;
  // A schedule must go on even when one of its runs has failed for good.
  const schedule = schedules.find((candidate) => scheduleKey(candidate.name) === job.singletonKey);
  if (outOfAttempts && schedule)
    await ensureSchedules(db, [schedule], new Date(Date.now() + schedule.everyMs));
}

/** Makes sure each schedule has its next run waiting. */
export async function ensureSchedules(db: Db, schedules: readonly JobSchedule[], runAt = new Date()) {
  for (const schedule of schedules) {
    await enqueueJob(db, { name: schedule.name, singletonKey: scheduleKey(schedule.name), runAt });
  }
}

export type RunJobsOptions = {
  handlers: JobHandlers;
  schedules?: readonly JobSchedule[];
  log?: FastifyBaseLogger;
  workerId?: string;
  /** Jobs due by this time are run (now unless given; tests run the future now). */
  dueBy?: Date;
  limit?: number;
  /** How many claimed jobs run at once (one unless given). */
  concurrency?: number;
};

const defaultWorkerId = () => `${os.hostname()}:${process.pid}`;

async function runJob(db: Db, job: JobRow, options: RunJobsOptions, schedules: readonly JobSchedule[]) {
  const handler = options.handlers[job.name];
  if (!handler) return;
  try {
    const outcome = await handler((job.payload ?? {}) as Record<string, unknown>, {
      db,
      job,
      log: options.log,
    });
    await finishJob(db, job, outcome, schedules);
  } catch (error) {
    options.log?.warn({ err: error, job: job.name, jobId: job.id }, 'job failed');
    await failJob(db, job, error, schedules);
  }
}

async function runBatch(
  db: Db,
  batch: JobBatchRun,
  claimed: readonly JobRow[],
  options: RunJobsOptions,
  schedules: readonly JobSchedule[],
) {
  let outcomes: ReadonlyMap<number, JobOutcome | Error>;
  try {
    outcomes = await batch(claimed, { db, log: options.log });
  } catch (error) {
    outcomes = new Map(
      claimed.map((job) => [job.id, error instanceof Error ? error : new Error(String(error))]),
    );
  }
  const done: JobRow[] = [];
  for (const job of claimed) {
    const outcome = outcomes.has(job.id) ? outcomes.get(job.id) : new Error('the batch ran without it');
    if (outcome instanceof Error) {
      options.log?.warn({ err: outcome, job: job.name, jobId: job.id }, 'job failed');
      await failJob(db, job, outcome, schedules);
    } else if (
      outcome === undefined &&
      !schedules.some((schedule) => scheduleKey(schedule.name) === job.singletonKey)
    )
      done.push(job);
    else await finishJob(db, job, outcome, schedules);
  }
  await finishJobsDone(db, done);
}

/**
 * What the workers of a round take one at a time: a job alone, or the jobs of a batch handler's name,
 * shared out so every worker has a part.
 */
function unitsOfWork(claimed: readonly JobRow[], handlers: JobHandlers, concurrency: number) {
  const alone: JobRow[] = [];
  const byBatch = new Map<JobBatchRun, JobRow[]>();
  for (const job of claimed) {
    const batch = handlers[job.name]?.batch;
    if (batch) byBatch.set(batch, [...(byBatch.get(batch) ?? []), job]);
    else alone.push(job);
  }
  const units: { batch?: JobBatchRun; jobs: JobRow[] }[] = alone.map((job) => ({ jobs: [job] }));
  for (const [batch, batchJobs] of byBatch) {
    const size = Math.ceil(batchJobs.length / concurrency);
    for (let start = 0; start < batchJobs.length; start += size)
      units.push({ batch, jobs: batchJobs.slice(start, start + size) });
  }
  return units;
}

/**
 * Claims and runs the jobs due now, `concurrency` at a time; answers how many ran. Jobs already
 * bear being run side by side, since every process of a deployment claims from the same rows.
 */
export async function runDueJobs(db: Db, options: RunJobsOptions): Promise<number> {
  const schedules = options.schedules ?? [];
  const concurrency = options.concurrency ?? 1;
  const claimed = await claimJobs(
    db,
    Object.keys(options.handlers),
    options.workerId ?? defaultWorkerId(),
    Math.max(options.limit ?? 20, concurrency),
    options.dueBy ?? new Date(),
  );
  const units = unitsOfWork(claimed, options.handlers, concurrency);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < units.length; index = next++) {
      const unit = units[index];
      if (!unit) continue;
      if (unit.batch) await runBatch(db, unit.batch, unit.jobs, options, schedules);
      else for (const job of unit.jobs) await runJob(db, job, options, schedules);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, units.length) }, worker));
  return claimed.length;
}

/** Runs due jobs until none is left (tests, and a runner catching up after a pause). */
export async function runJobsUntilIdle(db: Db, options: RunJobsOptions, maxRounds = 100): Promise<number> {
  let total = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    const ran = await runDueJobs(db, options);
    total += ran;
    if (ran === 0) break;
  }
  return total;
}

export type JobRunner = { stop(): Promise<void> };

const runnersOfThisProcess = new Set<() => void>();

/**
 * Tells the runners of this process that a job was queued here and is due now, so they look at once
 * instead of at their next poll. Runners of other processes find it when they poll.
 */
export function wakeJobRunners() {
  for (const wake of runnersOfThisProcess) wake();
}

/**
 * Polls for due jobs every `pollMs` while the process lives, and at once when woken. The timer only
 * wakes the runner: the work itself is in the rows, so a restart loses nothing.
 */
export async function startJobRunner(
  db: Db,
  options: Omit<RunJobsOptions, 'dueBy'> & { pollMs?: number },
): Promise<JobRunner> {
  const pollMs = options.pollMs ?? 1_000;
  await ensureSchedules(db, options.schedules ?? []);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let wokenWhileRunning = false;
  const tick = () => {
    timer = undefined;
    if (stopped) return;
    wokenWhileRunning = false;
    running = runJobsUntilIdle(db, options, 10)
      .catch((error) => options.log?.error({ err: error }, 'job runner round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, wokenWhileRunning ? 0 : pollMs);
      });
  };
  const wake = () => {
    if (timer === undefined) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    tick();
  };
  runnersOfThisProcess.add(wake);
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      runnersOfThisProcess.delete(wake);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Done jobs are kept a week for the admin list, then removed. */
export async function deleteOldJobs(db: Db, olderThan: Date) {
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, olderThan)));
}
