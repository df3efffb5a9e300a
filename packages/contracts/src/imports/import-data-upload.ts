import { ApiPrefix } from '../endpoints';
import { route } from '../route';
import { ImportJobReply } from './import-job';
import { ReadFileUploadRequest } from './read-file-upload';

/** v2/import-data-upload: run the import in the background; poll the job for progress. */
export const ImportDataUploadRequest = ReadFileUploadRequest;

export const importDataUpload = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/v2/import-data-upload`,
  access: 'company',
  action: 'bank.import',
  body: ImportDataUploadRequest,
  reply: ImportJobReply,
  summary: 'Start importing an uploaded file; poll the job for progress and the result',
  tags: ['transactions'],
});
