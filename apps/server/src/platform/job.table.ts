import type { JobState } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/**
 * Work that outlives a request (ADR 0009): claimed by one server process at a time with
 * FOR UPDATE SKIP LOCKED, retried with backoff, and kept with its last error once out of attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** The company the job works for, when it works for one (for the admin list; not a tenant key). */
    forCompanyId: integer('for_company_id'),
    /** At most one queued or running job per key: a schedule or "check this basket" is never doubled. */
    singletonKey: text('singleton_key'),
    state: text('state').$type<JobState>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** A running job whose process died is claimed again after this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.state} in ('queued', 'running')`),
    uniqueIndex('jobs_singleton_unique')
      .on(table.singletonKey)
      .where(sql`${table.state} in ('queued', 'running') and ${table.singletonKey} is not null`),
    index('jobs_state_idx').on(table.state, table.createdAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
