import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { type JobRow, jobs } from './job.table';
import {
  enqueueJob,
  ensureSchedules,
  type JobHandler,
  runDueJobs,
  runJobsUntilIdle,
  startJobRunner,
  wakeJobRunners,
} from './jobs';

describe('the job runner', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  /** A job name of its own per test, so runners of one test never claim another test's jobs. */
  const uniqueName = () => `test.${randomUUID()}`;

  async function jobRow(id: number | undefined) {
    const [row] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? 0));
    if (!row) throw new Error(`job ${id} is gone`);
    return row;
  }

  /** Queues `count` jobs of the name, each with its index as payload; answers their ids. */
  async function enqueueNumbered(name: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = await enqueueJob(database.db, { name, payload: { index } });
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  it('runs each job once when two runners claim at the same time', async () => {
    const name = uniqueName();
    const ids = await enqueueNumbered(name, 30);
    const runs: number[] = [];
    const handler: JobHandler = async (payload) => {
      runs.push(Number(payload.index));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return undefined;
    };
    await Promise.all(
      ['first', 'second'].map((workerId) =>
        runJobsUntilIdle(database.db, { handlers: { [name]: handler }, workerId, limit: 4 }),
      ),
    );
    expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index));
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });

  it('runs as many jobs side by side as it is allowed, each once, and a failing one fails alone', async () => {
    const name = uniqueName();
    const ids = await enqueueNumbered(name, 10);
    let running = 0;
    let mostAtOnce = 0;
    const runs: number[] = [];
    const handler: JobHandler = async (payload) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      if (payload.index === 3) throw new Error('the third one breaks');
      runs.push(Number(payload.index));
      return undefined;
    };
    expect(await runDueJobs(database.db, { handlers: { [name]: handler }, concurrency: 4 })).toBe(10);
    expect(mostAtOnce).toBe(4);
    expect([...runs].sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.filter((row) => row.state === 'done')).toHaveLength(9);
    expect(rows.find((row) => row.state !== 'done')).toMatchObject({
      state: 'queued',
      lastError: 'Error: the third one breaks',
    });
  });

  it('gives a handler with a batch the jobs of its name together, shared between its workers, and fails only the job it names', async () => {
    const name = uniqueName();
    const ids = await enqueueNumbered(name, 6);
    const batches: number[][] = [];
    const indexOf = (job: JobRow) => Number((job.payload as { index: number }).index);
    const handler: JobHandler = Object.assign(async () => undefined, {
      batch: async (claimed: readonly JobRow[]) => {
        batches.push(claimed.map(indexOf));
        return new Map(
          claimed.map((job) => [job.id, indexOf(job) === 4 ? new Error('the fifth one breaks') : undefined]),
        );
      },
    });
    expect(await runDueJobs(database.db, { handlers: { [name]: handler }, concurrency: 2 })).toBe(6);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3]);
    expect(batches.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.filter((row) => row.state === 'done' && row.attempts === 1)).toHaveLength(5);
    expect(rows.find((row) => row.state !== 'done')).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Error: the fifth one breaks',
    });
  });

  it('runs a job its own process queued at once when woken, not at its next poll', async () => {
    const name = uniqueName();
    const ran: number[] = [];
    const runner = await startJobRunner(database.db, {
      handlers: {
        [name]: async (payload) => {
          ran.push(Number(payload.index));
          return undefined;
        },
      },
      pollMs: 60_000,
    });
    try {
      // The first look, made at start, finds nothing; the next poll would be a minute away.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [id] = await enqueueNumbered(name, 1);
      wakeJobRunners();
      for (let waited = 0; waited < 5_000 && (await jobRow(id)).state !== 'done'; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await jobRow(id)).toMatchObject({ state: 'done' });
      expect(ran).toEqual([0]);
    } finally {
      await runner.stop();
    }
  });

  it('adds a job with a waiting singleton key only once', async () => {
    const name = uniqueName();
    const first = await enqueueJob(database.db, { name, singletonKey: `${name}:basket` });
    const second = await enqueueJob(database.db, { name, singletonKey: `${name}:basket` });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
  });

  it('tries a failed job again after a backoff, keeping why it failed', async () => {
    const name = uniqueName();
    const id = await enqueueJob(database.db, { name });
    let calls = 0;
    const handlers = {
      [name]: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the bank did not answer');
        return undefined;
      },
    };
    const before = Date.now();
    await runDueJobs(database.db, { handlers });
    const retrying = await jobRow(id);
    expect(retrying).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Error: the bank did not answer',
    });
    expect(retrying.runAt.getTime() - before).toBeGreaterThanOrEqual(5_000);
    expect(retrying.runAt.getTime() - before).toBeLessThan(7_000);
    expect(await runDueJobs(database.db, { handlers })).toBe(0);

    await runDueJobs(database.db, { handlers, dueBy: new Date(Date.now() + 10_000) });
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('gives up after the job’s attempts and keeps it failed for an admin', async () => {
    const name = uniqueName();
    const id = await enqueueJob(database.db, { name, maxAttempts: 3 });
    let calls = 0;
    await runJobsUntilIdle(database.db, {
      handlers: {
        [name]: async () => {
          calls += 1;
          throw new Error(`attempt ${calls}`);
        },
      },
      dueBy: new Date(Date.now() + 24 * 60 * 60_000),
    });
    expect(calls).toBe(3);
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, lastError: 'Error: attempt 3' });
    expect(failed.finishedAt).not.toBeNull();
  });

  it('does not count running again later as a failed attempt', async () => {
    const name = uniqueName();
    const id = await enqueueJob(database.db, { name, maxAttempts: 2 });
    let polls = 0;
    const later = new Date(Date.now() + 60_000);
    const handlers = {
      [name]: async () => {
        polls += 1;
        return polls < 5 ? { runAgainAt: new Date(later.getTime() + polls) } : undefined;
      },
    };
    await runDueJobs(database.db, { handlers });
    expect(await jobRow(id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      runAt: new Date(later.getTime() + 1),
    });
    await runJobsUntilIdle(database.db, { handlers, dueBy: new Date(Date.now() + 120_000) });
    expect(polls).toBe(5);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('queues the next run of a schedule when one is done, also after one failed for good', async () => {
    const name = uniqueName();
    const schedule = { name, everyMs: 60_000 };
    await ensureSchedules(database.db, [schedule]);
    await ensureSchedules(database.db, [schedule]);
    const scheduled = () => database.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.id);
    expect(await scheduled()).toHaveLength(1);

    await runDueJobs(database.db, { handlers: { [name]: async () => undefined }, schedules: [schedule] });
    const [done, next] = await scheduled();
    expect(done?.state).toBe('done');
    expect(next?.state).toBe('queued');
    expect((next?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(55_000);

    await database.db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.id, next?.id ?? 0));
    await runDueJobs(database.db, {
      handlers: {
        [name]: async () => {
          throw new Error('broken');
        },
      },
      schedules: [schedule],
      dueBy: new Date(Date.now() + 61_000),
    });
    const states = (await scheduled()).map((row) => row.state);
    expect(states).toEqual(['done', 'failed', 'queued']);
  });

  it('takes over a job whose runner died, and the dead runner cannot finish it after', async () => {
    const name = uniqueName();
    const [stuck] = await database.db
      .insert(jobs)
      .values({
        name,
        state: 'running',
        attempts: 1,
        lockedBy: 'dead-process',
        lockedUntil: new Date(Date.now() - 1_000),
        runAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const alive = await enqueueJob(database.db, { name });
    await database.db
      .update(jobs)
      .set({ state: 'running', lockedBy: 'busy-process', lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, alive ?? 0));
    const ran: number[] = [];
    await runDueJobs(database.db, {
      handlers: {
        [name]: async (_payload, { job }) => {
          ran.push(job.id);
          return undefined;
        },
      },
      workerId: 'new-process',
    });
    expect(ran).toEqual([stuck?.id]);
    expect(await jobRow(stuck?.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await jobRow(alive)).toMatchObject({ state: 'running', lockedBy: 'busy-process' });
  });

  it('leaves a job to the runner that took it over when the first one finishes late', async () => {
    const name = uniqueName();
    const id = await enqueueJob(database.db, { name });
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = runDueJobs(database.db, {
      handlers: {
        [name]: async () => {
          await slow;
          throw new Error('finished too late');
        },
      },
      workerId: 'slow-process',
    });
    // The first runner's lock runs out while its handler still works.
    for (let wait = 0; wait < 100 && (await jobRow(id)).lockedBy !== 'slow-process'; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, id ?? 0));
    await runDueJobs(database.db, { handlers: { [name]: async () => undefined }, workerId: 'new-process' });
    release();
    await first;
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });
});
