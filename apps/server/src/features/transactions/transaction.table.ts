import type { BankTransactionStatus } from '@bilag/contracts';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantKey, timestamps } from '../../db/columns';

/** A booked transaction of a company's bank account, typed in or imported from a statement. */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    ...tenantKey(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    importId: bigint('import_id', { mode: 'number' }),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    text: text('text').notNull().default(''),
    text2: text('text2').notNull().default(''),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NOK'),
    kid: text('kid'),
    endToEndId: text('end_to_end_id'),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    /**
     * What makes a row the same row when a statement is imported again: a hash of the date, amount and
     * texts (or the bank's own reference), with `occurrence` telling identical rows apart. Unique within
     * the account and booking date, the index keeps one statement's rows together, so an import writes
     * its part of the index in order instead of all over it.
     */
    fingerprint: text('fingerprint').notNull(),
    occurrence: integer('occurrence').notNull().default(1),
    status: integer('status').$type<BankTransactionStatus>().notNull().default(1),
    paymentStatus: integer('payment_status'),
    paymentDate: date('payment_date', { mode: 'string' }),
    isPrivate: boolean('is_private').notNull().default(false),
    /** The day (Norwegian time) it stopped missing a voucher; set by a trigger of migration 0015. */
    explainedOn: date('explained_on', { mode: 'string' }),
    note: text('note'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('bank_transactions_fingerprint_unique').on(
      table.companyId,
      table.companyBankId,
      table.bookingDate,
      table.fingerprint,
      table.occurrence,
    ),
    index('bank_transactions_company_date_idx').on(table.companyId, table.bookingDate),
    index('bank_transactions_import_idx').on(table.companyId, table.importId),
    index('bank_transactions_status_idx').on(table.companyId, table.status, table.bookingDate),
  ],
);
export type BankTransactionRow = typeof bankTransactions.$inferSelect;
