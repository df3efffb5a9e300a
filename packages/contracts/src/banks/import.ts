import { z } from 'zod';
import { envelope } from '../envelope';
import { AutoMatchSummary } from '../matching/summary';
import { AmountOre, IsoDate } from '../vouchers/voucher';
import { AutoImportTemplate } from './bank';

const integer = z.coerce.number().int();

/** The six kinds a statement column can hold. */
export const IMPORT_COLUMN_KINDS = ['date', 'text', 'text2', 'amountIn', 'amountOut', 'amount'] as const;
export const ImportColumnKind = z.enum(IMPORT_COLUMN_KINDS);
export type ImportColumnKind = z.infer<typeof ImportColumnKind>;

export const IMPORT_LIMITS = {
  maxFileBytes: 200 * 1024 * 1024,
  accepted: ['csv', 'xlsx', 'xls', 'camt053'] as const,
  previewRows: 20,
};

export const ImportFormat = z.enum(['csv', 'xlsx', 'xls', 'camt053']);
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ImportColumn = z.object({
  Index: z.number().int(),
  Name: z.string(),
  Kind: ImportColumnKind.nullable(),
  IsAmount: z.boolean(),
});
export const ImportSheetRow = z.object({
  RowIndex: z.number().int(),
  Cells: z.array(z.string()),
  IsHeader: z.boolean(),
});

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
  dateFormat: z.string().max(20).optional(),
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

/** v2/import-file-upload: multipart with companyId, companyBankId and one file. */
export const ImportFileUploadFields = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.positive(),
});
export const ImportJobParams = z.object({ jobId: integer.positive() });
export const ImportJobQuery = z.object({ companyId: integer.positive().optional() });

/** v2/read-file-upload: how the rows read with a mapping (or the detected layout when none is given). */
export const ReadFileUploadRequest = z.object({
  companyId: integer.positive().optional(),
  jobId: z.number().int().positive(),
  mapping: ImportMapping.optional(),
  template: AutoImportTemplate.optional(),
});
export type ReadFileUploadRequest = z.infer<typeof ReadFileUploadRequest>;
export const ReadRow = z.object({
  RowIndex: z.number().int(),
  Date: IsoDate,
  Text: z.string(),
  Text2: z.string(),
  AmountOre: AmountOre,
});
export const RefusedImportRow = z.object({
  RowIndex: z.number().int(),
  Reason: z.string(),
  Message: z.string(),
});
export const ReadFileUploadResult = z.object({
  Rows: z.array(ReadRow),
  Refused: z.array(RefusedImportRow),
  TotalRows: z.number().int(),
  TotalRefused: z.number().int(),
  DateFormat: z.string().nullable(),
  Decimal: z.string().nullable(),
  FromDate: IsoDate.nullable(),
  ToDate: IsoDate.nullable(),
  SumOre: AmountOre,
});
export type ReadFileUploadResult = z.infer<typeof ReadFileUploadResult>;
export const ReadFileUploadReply = envelope(ReadFileUploadResult);

/** v2/import-data-upload: run the import in the background; poll the job for progress. */
export const ImportDataUploadRequest = ReadFileUploadRequest;

/** import: the one-step form (companyId, companyBankId, files) for files of a known layout. */
export const ImportFormFields = ImportFileUploadFields;
export const ImportResult = z.object({
  ImportId: z.number().int().nullable(),
  Imported: z.number().int(),
  Duplicates: z.number().int(),
  Refused: z.number().int(),
  Warnings: z.array(z.string()),
  Matched: AutoMatchSummary.nullable(),
});
export const ImportFormReply = envelope(z.array(ImportResult));

/** bankImport: the import history. */
export const BankImportQuery = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.min(0).default(0),
  pageNumber: integer.min(1).default(1),
  pageSize: integer.min(1).max(200).default(50),
});
export const BankImport = z.object({
  Id: z.number().int(),
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  FileName: z.string(),
  Format: ImportFormat,
  Template: z.string().nullable(),
  Imported: z.number().int(),
  Duplicates: z.number().int(),
  Refused: z.number().int(),
  FromDate: IsoDate.nullable(),
  ToDate: IsoDate.nullable(),
  UserName: z.string().nullable(),
  CreatedAt: z.string(),
  /** Transactions of the import still in the books (some may have been deleted one by one). */
  RemainingTransactions: z.number().int(),
});
export type BankImport = z.infer<typeof BankImport>;
export const BankImportListReply = envelope(z.object({ total: z.number().int(), rows: z.array(BankImport) }));
export type BankImportListReply = z.infer<typeof BankImportListReply>;
export const BankImportIdParams = z.object({ importId: integer.positive() });
export const DeleteImportReply = envelope(z.object({ deletedTransactions: z.number().int() }));
