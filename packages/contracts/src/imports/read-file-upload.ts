import { z } from 'zod';
import { AutoImportTemplate } from '../banks/bank';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AmountOre, IsoDate } from '../vouchers/voucher';
import { ImportMapping } from './import-job';

/** v2/read-file-upload: how the rows read with a mapping (or the detected layout when none is given). */
export const ReadFileUploadRequest = z.object({
  companyId: Id.optional(),
  jobId: Id,
  mapping: ImportMapping.optional(),
  template: AutoImportTemplate.optional(),
});
export type ReadFileUploadRequest = z.infer<typeof ReadFileUploadRequest>;
export const ReadRow = z.object({
  RowIndex: z.number().int(),
  Date: IsoDate,
  /** The value date (rentedato), where the file has one. */
  ValueDate: IsoDate.nullable(),
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

export const readFileUpload = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/v2/read-file-upload`,
  access: 'company',
  action: 'bank.import',
  body: ReadFileUploadRequest,
  reply: ReadFileUploadReply,
  summary: 'How the rows of an uploaded file read with a column mapping, and which are refused',
  tags: ['transactions'],
});
