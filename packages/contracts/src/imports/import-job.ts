import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { AutoMatchSummary } from '../matching/summary';
import { route } from '../route';
import { Text } from '../text';
import { AmountOre, IsoDate } from '../vouchers/voucher';

/** The kinds a statement column can hold: the booking date, the value date, two texts, and the amounts. */
export const IMPORT_COLUMN_KINDS = [
  'date',
  'valueDate',
  'text',
  'text2',
  'amountIn',
  'amountOut',
  'amount',
] as const;
export const ImportColumnKind = z.enum(IMPORT_COLUMN_KINDS);
export type ImportColumnKind = z.infer<typeof ImportColumnKind>;

export const IMPORT_LIMITS = {
  maxFileBytes: 200 * 1024 * 1024,
  accepted: ['csv', 'xlsx', 'xls', 'camt053'] as const,
  previewRows: 20,
};

/** `bank-api`: transactions the product read from the bank under a consent (see consents). */
export const ImportFormat = z.enum(['csv', 'xlsx', 'xls', 'camt053', 'bank-api']);
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ImportColumn = z.object({
  Index: z.number().int(),
  Name: z.string(),
  Kind: ImportColumnKind.nullable(),
  IsAmount: z.boolean(),
});
export type ImportColumn = z.infer<typeof ImportColumn>;
export const ImportSheetRow = z.object({
  RowIndex: z.number().int(),
  Cells: z.array(z.string()),
  IsHeader: z.boolean(),
});
export type ImportSheetRow = z.infer<typeof ImportSheetRow>;

/** What a camt.053 file holds, checked before it is imported. */
export const CamtSummary = z.object({
  AccountIban: z.string().nullable(),
  AccountNumber: z.string().nullable(),
  Statements: z.number().int(),
  Entries: z.number().int(),
  FromDate: IsoDate.nullable(),
  ToDate: IsoDate.nullable(),
  OpeningOre: AmountOre.nullable(),
  ClosingOre: AmountOre.nullable(),
  /** Opening balance plus booked entries equals the closing balance, for every statement. */
  BalanceProofOk: z.boolean().nullable(),
  Warnings: z.array(z.string()),
});
export type CamtSummary = z.infer<typeof CamtSummary>;

export const ImportJobStatus = z.enum(['uploaded', 'running', 'completed', 'failed']);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;

/** The column layout a person chose (or accepted) for a spreadsheet. */
export const ImportMapping = z.object({
  /** Column index per kind; a kind left out is not in the file. */
  columns: z.partialRecord(ImportColumnKind, z.number().int().min(0).max(200)),
  headerRowIndex: z.number().int().min(0).max(1000).nullable().optional(),
  dateFormat: Text.max(20).optional(),
  decimal: z.enum([',', '.']).optional(),
});
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportJob = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  CompanyBankId: z.number().int(),
  FileName: z.string(),
  FileSize: z.number().int(),
  Format: ImportFormat,
  Status: ImportJobStatus,
  /** The known layout the file matched, if any. */
  Template: z.string().nullable(),
  Encoding: z.string().nullable(),
  Delimiter: z.string().nullable(),
  HeaderRowIndex: z.number().int().nullable(),
  Columns: z.array(ImportColumn),
  PreviewRows: z.array(ImportSheetRow),
  Camt: CamtSummary.nullable(),
  /** Bytes of the file read so far while running, for the progress bar. */
  ProcessedBytes: z.number().int(),
  ProcessedRows: z.number().int(),
  Imported: z.number().int(),
  Duplicates: z.number().int(),
  Refused: z.number().int(),
  Error: z.string().nullable(),
  ImportId: z.number().int().nullable(),
  /** What automatic matching did with the imported rows; null until it has run. */
  Matched: AutoMatchSummary.nullable(),
  CreatedAt: z.string(),
});
export type ImportJob = z.infer<typeof ImportJob>;
export const ImportJobReply = envelope(ImportJob);
export type ImportJobReply = z.infer<typeof ImportJobReply>;

export const ImportJobParams = z.object({ jobId: Id });
export const ImportJobQuery = z.object({ companyId: Id.optional() });

export const importJob = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/v2/import-job/:jobId`,
  access: 'company',
  action: 'bank.import',
  params: ImportJobParams,
  query: ImportJobQuery,
  reply: ImportJobReply,
  summary: 'An import job: its layout, and its progress while it runs',
  tags: ['transactions'],
});
