import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** A receipt or invoice (bilag). Never deleted for real: the bookkeeping law keeps it for years. */
export const vouchers = pgTable(
  'vouchers',
  {
    ...tenantKey(),
    voucherDate: date('voucher_date', { mode: 'string' }),
    /** The voucher date, or the day it arrived while it has none: what years, months and sorting go by. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    supplierName: text('supplier_name'),
    amountOre: bigint('amount_ore', { mode: 'number' }),
    currency: text('currency').notNull().default('NOK'),
    dueDate: date('due_date', { mode: 'string' }),
    kid: text('kid'),
    accountNumber: text('account_number'),
    description: text('description'),
    source: integer('source').notNull(),
    status: integer('status').notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    // Partial, so counting a company's live vouchers in a period is an index-only scan.
    index('vouchers_company_date_idx')
      .on(table.companyId, table.effectiveDate)
      .where(sql`${table.deletedAt} is null`),
    index('vouchers_live_idx').on(table.companyId, table.id).where(sql`${table.deletedAt} is null`),
  ],
);

export type VoucherRow = typeof vouchers.$inferSelect;

/** Parts of a voucher's amount, such as partial payments. */
export const voucherBalances = pgTable(
  'voucher_balances',
  {
    ...tenantKey(),
    voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    description: text('description'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('voucher_balances_voucher_idx').on(table.companyId, table.voucherId),
  ],
);

export type VoucherBalanceRow = typeof voucherBalances.$inferSelect;

/** A bank transaction whose voucher is missing (or which is private), registered with a note and files. */
export const missingVoucherRegistrations = pgTable(
  'missing_voucher_registrations',
  {
    ...tenantKey(),
    bankTransactionId: bigint('bank_transaction_id', { mode: 'number' }).notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    note: text('note'),
    voucherId: bigint('voucher_id', { mode: 'number' }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('missing_voucher_transaction_unique').on(table.companyId, table.bankTransactionId),
  ],
);

export type MissingVoucherRegistrationRow = typeof missingVoucherRegistrations.$inferSelect;
