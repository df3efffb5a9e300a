import type { AutoImportTemplate, BalanceSource, BankGroup, BankStatus } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** The registry of Norwegian banks: an account number's first four digits tell its bank. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bic: text('bic').notNull(),
    bankGroup: text('bank_group').$type<BankGroup>().notNull().default('other'),
    prefixes: text('prefixes').array().notNull().default(sql`'{}'::text[]`),
    autoImportTemplate: text('auto_import_template').$type<AutoImportTemplate>(),
    isAutoImport: boolean('is_auto_import').notNull().default(false),
    status: integer('status').$type<BankStatus>().notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('banks_bic_unique').on(table.bic)],
);
export type BankRow = typeof banks.$inferSelect;

/** A bank account of a company. */
export const companyBanks = pgTable(
  'company_banks',
  {
    ...tenantKey(),
    /** 11 digits without separators. */
    accountNumber: text('account_number').notNull(),
    name: text('name'),
    currency: text('currency').notNull().default('NOK'),
    bankId: integer('bank_id'),
    isDefault: boolean('is_default').notNull().default(false),
    sorting: integer('sorting').notNull().default(0),
    serviceStartDate: date('service_start_date', { mode: 'string' }),
    serviceEndDate: date('service_end_date', { mode: 'string' }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('company_banks_account_unique').on(table.companyId, table.accountNumber),
    uniqueIndex('company_banks_one_default').on(table.companyId).where(sql`${table.isDefault}`),
  ],
);
export type CompanyBankRow = typeof companyBanks.$inferSelect;

/** A balance a bank stated for an account on a day (from camt.053 or an imported statement). */
export const bankBalances = pgTable(
  'bank_balances',
  {
    ...tenantKey(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    importId: bigint('import_id', { mode: 'number' }),
    balanceDate: date('balance_date', { mode: 'string' }).notNull(),
    balanceType: text('balance_type').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NOK'),
    source: text('source').$type<BalanceSource>().notNull(),
    /**
     * For a closing booked balance: whether its statement's opening balance plus its booked entries gave
     * it. False marks a disputed closing balance; null where nothing proves it (other types, no opening).
     */
    proven: boolean('proven'),
    /** For a disputed closing balance: the stated balance minus what its opening and entries give. */
    proofDifferenceOre: bigint('proof_difference_ore', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('bank_balances_unique').on(
      table.companyId,
      table.companyBankId,
      table.balanceDate,
      table.balanceType,
      table.source,
    ),
  ],
);
export type BankBalanceRow = typeof bankBalances.$inferSelect;
