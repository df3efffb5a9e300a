export { ORPHAN_AGE_MS, ORPHAN_SWEEP_JOB, sweepOrphanFiles } from './orphan-sweep';
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
