import {
  deleteBankImport,
  type ImportJob,
  type ImportMapping,
  importDataUpload,
  importFileUpload,
  readFileUpload,
} from '@bilag/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { useRefreshTransactions } from '../transactions';

/** Sends the statement file; the server keeps it, detects its layout and answers with the first rows. */
export async function uploadImportFile(
  target: { companyId: number; companyBankId: number },
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const reply = await uploadFile(importFileUpload, {
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
      (await api.call(readFileUpload, { body: { companyId, jobId, mapping } })).data,
  });
}

/** Starts the import in the background; the job is then polled for its progress. */
export function useStartImportMutation(companyId: number) {
  return useMutation({
    mutationFn: async ({ jobId, mapping }: JobRequest) =>
      (await api.call(importDataUpload, { body: { companyId, jobId, mapping } })).data,
  });
}

export function useDeleteBankImportMutation(companyId: number) {
  const refresh = useRefreshTransactions(companyId);
  return useMutation({
    mutationFn: async (importId: number) =>
      (await api.call(deleteBankImport, { params: { importId }, query: { companyId } })).data,
    onSuccess: ({ deletedTransactions }) => {
      void refresh();
      toast(ToastType.success, i18n.t('bankImport.history.undone', { count: deletedTransactions }));
    },
    onError: toastFailure,
  });
}
