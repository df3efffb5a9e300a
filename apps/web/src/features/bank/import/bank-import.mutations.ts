import {
  Endpoint,
  type ImportJob,
  ImportJobReply,
  type ImportMapping,
  ReadFileUploadReply,
} from '@bilag/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../../app/api/upload';

/** Sends the statement file; the server keeps it, detects its layout and answers with the first rows. */
export async function uploadImportFile(
  target: { companyId: number; companyBankId: number },
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const reply = await uploadFile(ImportJobReply, {
    path: Endpoint.importFileUpload,
    fields: target,
    fileField: 'file',
    files: [file],
    signal,
    onProgress,
  });
  return reply.data;
}

type JobRequest = { jobId: number; mapping: ImportMapping | undefined };

/** How the rows will be read with the chosen mapping: a sample, the refused rows and the totals. */
export function useReadImportFileMutation(companyId: number) {
  return useMutation({
    mutationFn: async ({ jobId, mapping }: JobRequest) =>
      (await api.post(ReadFileUploadReply, Endpoint.readFileUpload, { companyId, jobId, mapping })).data,
  });
}

/** Starts the import in the background; the job is then polled for its progress. */
export function useStartImportMutation(companyId: number) {
  return useMutation({
    mutationFn: async ({ jobId, mapping }: JobRequest) =>
      (await api.post(ImportJobReply, Endpoint.importDataUpload, { companyId, jobId, mapping })).data,
  });
}
