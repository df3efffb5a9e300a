import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { Id } from '../ids';
import { route } from '../route';
import { ImportJobReply } from './import-job';

/** v2/import-file-upload: multipart with companyId, companyBankId and one file. */
export const ImportFileUploadFields = z.object({
  companyId: Id.optional(),
  companyBankId: Id,
});

export const importFileUpload = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/v2/import-file-upload`,
  access: 'company',
  action: 'bank.import',
  consumes: ['multipart/form-data'],
  body: ImportFileUploadFields,
  reply: ImportJobReply,
  summary: 'Upload a statement file; answers with its detected layout and first rows',
  tags: ['transactions'],
});
