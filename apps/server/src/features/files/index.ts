export { listStoredFilesOfOwners as listFilesOfOwners } from './stored-file.repository';
export {
  checkUploads,
  readFileForDownload,
  recordUpload,
  sanitizeFileName,
  toFileReply,
  withStoredUploads,
} from './stored-file.service';
export type { StoredFileRow } from './stored-file.table';
