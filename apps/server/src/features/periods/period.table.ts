import type { PeriodException } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantKey } from '../../db/columns';

/**
 * A month of a company's books closed, and, once reopened, when, by whom and why. The rows stay: a
 * month closed, reopened and closed again has two, and only the last may be open (not reopened).
 * While a row is open, triggers of migration 0013 refuse every change to the month's transactions,
 * their connections and registrations, and to the bookkeeping fields and files of its vouchers.
 */
export const periodClosings = pgTable(
  'period_closings',
  {
    ...tenantKey(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    closedBy: integer('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The blockers accepted at closing, each with its written reason. */
    exceptions: jsonb('exceptions').$type<PeriodException[]>().notNull().default([]),
    reopenedBy: integer('reopened_by'),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('period_closings_closed_unique')
      .on(table.companyId, table.month)
      .where(sql`${table.reopenedAt} is null`),
  ],
);
export type PeriodClosingRow = typeof periodClosings.$inferSelect;

/**
 * A bank account's month in sums: kept by statement triggers on bank_transactions (migration 0013) in
 * the same transaction as every change, so the year list and the bureau overview read a row per account
 * and month instead of the transactions. Sums are numeric: safe-integer amounts add up past bigint.
 */
export const bankMonthTotals = pgTable(
  'bank_month_totals',
  {
    companyId: integer('company_id').notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    transactionCount: integer('transaction_count').notNull().default(0),
    unexplainedCount: integer('unexplained_count').notNull().default(0),
    movementOre: numeric('movement_ore').notNull().default('0'),
    unexplainedAbsOre: numeric('unexplained_abs_ore').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.companyBankId, table.month] })],
);
export type BankMonthTotalsRow = typeof bankMonthTotals.$inferSelect;
