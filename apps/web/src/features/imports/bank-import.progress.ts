import type { ImportJob } from '@bilag/contracts';

/**
 * How far a running import has come, 0–100, from the bytes of the file read so far. A running import
 * stays below 100 until the server says it has completed, since moving the rows in comes after reading.
 */
export function importProgressPercent(
  job: Pick<ImportJob, 'Status' | 'ProcessedBytes' | 'FileSize'>,
): number {
  if (job.Status === 'completed') return 100;
  if (job.FileSize <= 0) return 0;
  const percent = Math.floor((job.ProcessedBytes / job.FileSize) * 100);
  return Math.min(99, Math.max(0, percent));
}

export function isImportFinished(job: Pick<ImportJob, 'Status'> | undefined): boolean {
  return job?.Status === 'completed' || job?.Status === 'failed';
}
