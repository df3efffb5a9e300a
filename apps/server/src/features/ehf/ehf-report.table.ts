import type { EhfReportKind, EhfReportState } from '@bilag/contracts';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * The EHF reports administrators make across every company (a reference table): the period asked
 * for, the state of the job making it, and the CSV it wrote to the object store.
 */
export const ehfReports = pgTable(
  'ehf_reports',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    kind: text('kind').$type<EhfReportKind>().notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    state: text('state').$type<EhfReportState>().notNull().default('queued'),
    rowCount: integer('row_count'),
    /** The object store key of the CSV, once it is written. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    /** A message key of platform/messages.ts saying why the report could not be made. */
    errorKey: text('error_key'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sentTo: jsonb('sent_to').$type<string[]>().notNull().default([]),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [index('ehf_reports_created_idx').on(table.createdAt)],
);
export type EhfReportRow = typeof ehfReports.$inferSelect;
