import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * Summary rows the statistics read instead of the raw tables. Statement triggers of migration 0015 move
 * them in the same transaction as the change, by the difference each statement makes, so an import of a
 * million rows is summed once and a change that leaves a sum alone leaves its row alone. A row that
 * falls back to zero stays; readers skip it.
 */

/** Live vouchers (not deleted) per month of their effective date and source. */
export const voucherMonthTotals = pgTable(
  'voucher_month_totals',
  {
    companyId: integer('company_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    source: integer('source').notNull(),
    voucherCount: integer('voucher_count').notNull().default(0),
    amountOre: numeric('amount_ore').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.source] })],
);

/**
 * Bank transactions explained (not missing a voucher) that know the day they were explained, per month
 * of their booking: how many and the days from booking to explanation, added, for the time to match.
 */
export const bankExplainedTotals = pgTable(
  'bank_explained_totals',
  {
    companyId: integer('company_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    explainedCount: integer('explained_count').notNull().default(0),
    daysToExplain: bigint('days_to_explain', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

/** Payments per month of their due date and status. */
export const paymentMonthTotals = pgTable(
  'payment_month_totals',
  {
    companyId: integer('company_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    status: integer('status').notNull(),
    paymentCount: integer('payment_count').notNull().default(0),
    amountOre: numeric('amount_ore').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.status] })],
);

/**
 * VAT of the EHF documents that became vouchers, per month of their issue date, VAT category and rate;
 * a credit note counts against it.
 */
export const vatMonthTotals = pgTable(
  'vat_month_totals',
  {
    companyId: integer('company_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    rate: numeric('rate').notNull(),
    documentCount: integer('document_count').notNull().default(0),
    taxableOre: numeric('taxable_ore').notNull().default('0'),
    taxOre: numeric('tax_ore').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.category, table.rate] })],
);

/**
 * The work done in a company per week (Monday, Norwegian time): vouchers added (and not deleted),
 * bank transactions explained, tasks completed.
 */
export const workWeekTotals = pgTable(
  'work_week_totals',
  {
    companyId: integer('company_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    vouchersAdded: integer('vouchers_added').notNull().default(0),
    transactionsExplained: integer('transactions_explained').notNull().default(0),
    tasksCompleted: integer('tasks_completed').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.week] })],
);

/**
 * What waits in each company, over all its months: bank transactions missing their voucher (how many,
 * and their amounts without sign) and payments waiting for approval or failed. Statement triggers of
 * migration 0016 on bank_month_totals and payment_month_totals move it by the difference each change
 * of those makes, so the front page and the bureau's team read one row a company instead of every
 * month of every account.
 */
export const companyBacklogTotals = pgTable('company_backlog_totals', {
  companyId: integer('company_id').primaryKey(),
  transactionsMissingVoucher: integer('transactions_missing_voucher').notNull().default(0),
  transactionsMissingVoucherOre: numeric('transactions_missing_voucher_ore').notNull().default('0'),
  paymentsForApproval: integer('payments_for_approval').notNull().default(0),
  paymentsFailed: integer('payments_failed').notNull().default(0),
});
