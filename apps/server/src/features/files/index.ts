export { listStoredFilesOfOwners as listFilesOfOwners } from './stored-file.repository';
export {
  checkUploads,
  discardUploads,
  putUpload,
  readFileForDownload,
  recordUpload,
  sanitizeFileName,
} from './stored-file.service';
export type { StoredFileRow } from './stored-file.table';
