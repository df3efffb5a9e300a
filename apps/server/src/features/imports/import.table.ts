import type {
  AutoMatchSummary,
  CamtSummary,
  ImportColumn,
  ImportFormat,
  ImportJobStatus,
  ImportSheetRow,
} from '@bilag/contracts';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** One finished statement import: what was read, by whom, and which transactions it added. */
export const bankImports = pgTable(
  'bank_imports',
  {
    ...tenantKey(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    template: text('template'),
    storageKey: text('storage_key'),
    imported: integer('imported').notNull(),
    duplicates: integer('duplicates').notNull(),
    refused: integer('refused').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    /**
     * Whether the opening balance plus the booked entries of every statement in the file gave its closing
     * balance; null when the file states no balances to prove (spreadsheets, camt.053 without both).
     */
    balanceProven: boolean('balance_proven'),
    /** By how much the closing balances of the statements that did not add up differ from it, summed. */
    balanceDifferenceOre: bigint('balance_difference_ore', { mode: 'number' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('bank_imports_bank_idx').on(table.companyId, table.companyBankId),
  ],
);
export type BankImportRow = typeof bankImports.$inferSelect;

/** What the job reply shows of an uploaded file before it is imported. */
export type ImportJobLayout = {
  template: string | null;
  encoding: string | null;
  delimiter: string | null;
  headerRowIndex: number | null;
  columns: ImportColumn[];
  previewRows: ImportSheetRow[];
  camt: CamtSummary | null;
};

/** An import in the making: the uploaded file, its detected layout, and progress while it runs. */
export const bankImportJobs = pgTable(
  'bank_import_jobs',
  {
    ...tenantKey(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<ImportJobStatus>().notNull().default('uploaded'),
    /** The detected layout, preview rows and camt.053 summary, as the job reply shows them. */
    layout: jsonb('layout').$type<ImportJobLayout>().notNull(),
    processedBytes: bigint('processed_bytes', { mode: 'number' }).notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    error: text('error'),
    importId: bigint('import_id', { mode: 'number' }),
    /** What automatic matching did with the imported rows, once it has run. */
    matched: jsonb('matched').$type<AutoMatchSummary>(),
    /**
     * When the process running the job last said it is alive (the database's clock). A running job
     * whose heartbeat has stopped lost its process; null until the job first runs.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
export type BankImportJobRow = typeof bankImportJobs.$inferSelect;
