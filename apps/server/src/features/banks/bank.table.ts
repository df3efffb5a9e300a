import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The registry of Norwegian banks: an account number's first four digits tell its bank. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bic: text('bic').notNull(),
    bankGroup: text('bank_group').notNull().default('other'),
    prefixes: text('prefixes').array().notNull().default(sql`'{}'::text[]`),
    autoImportTemplate: text('auto_import_template'),
    isAutoImport: boolean('is_auto_import').notNull().default(false),
    status: integer('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('banks_bic_unique').on(table.bic)],
);
export type BankRow = typeof banks.$inferSelect;

/** A bank account of a company. */
export const companyBanks = pgTable(
  'company_banks',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('company_banks_account_unique').on(table.companyId, table.accountNumber),
    uniqueIndex('company_banks_one_default').on(table.companyId).where(sql`${table.isDefault}`),
  ],
);
export type CompanyBankRow = typeof companyBanks.$inferSelect;

/** A booked transaction of a company's bank account, typed in or imported from a statement. */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
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
    status: integer('status').notNull().default(1),
    paymentStatus: integer('payment_status'),
    paymentDate: date('payment_date', { mode: 'string' }),
    isPrivate: boolean('is_private').notNull().default(false),
    note: text('note'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/** One finished statement import: what was read, by whom, and which transactions it added. */
export const bankImports = pgTable(
  'bank_imports',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    template: text('template'),
    storageKey: text('storage_key'),
    imported: integer('imported').notNull(),
    duplicates: integer('duplicates').notNull(),
    refused: integer('refused').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('bank_imports_bank_idx').on(table.companyId, table.companyBankId),
  ],
);
export type BankImportRow = typeof bankImports.$inferSelect;

/** An import in the making: the uploaded file, its detected layout, and progress while it runs. */
export const bankImportJobs = pgTable(
  'bank_import_jobs',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('uploaded'),
    /** The detected layout, preview rows and camt.053 summary, as the job reply shows them. */
    layout: jsonb('layout').notNull(),
    processedBytes: bigint('processed_bytes', { mode: 'number' }).notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    error: text('error'),
    importId: bigint('import_id', { mode: 'number' }),
    /** What automatic matching did with the imported rows, once it has run. */
    matched: jsonb('matched'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
export type BankImportJobRow = typeof bankImportJobs.$inferSelect;

/** A balance a bank stated for an account on a day (from camt.053 or an imported statement). */
export const bankBalances = pgTable(
  'bank_balances',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    importId: bigint('import_id', { mode: 'number' }),
    balanceDate: date('balance_date', { mode: 'string' }).notNull(),
    balanceType: text('balance_type').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NOK'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

export type ImportJobLayout = {
  template: string | null;
  encoding: string | null;
  delimiter: string | null;
  headerRowIndex: number | null;
  columns: { Index: number; Name: string; Kind: string | null; IsAmount: boolean }[];
  previewRows: { RowIndex: number; Cells: string[]; IsHeader: boolean }[];
  camt: Record<string, unknown> | null;
};
