import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { AutoMatchSummary } from '../matching/summary';
import { route } from '../route';
import { ImportFileUploadFields } from './upload-import-file';

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

export const importTransactions = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/import`,
  access: 'company',
  action: 'bank.import',
  consumes: ['multipart/form-data'],
  body: ImportFormFields,
  reply: ImportFormReply,
  summary: 'Import statement files of a known layout in one step (csv, xls, xlsx, camt.053)',
  tags: ['transactions'],
});
