import {
  downloadEhfReport,
  type EhfReport,
  type EhfReportKind,
  generateEhfReport,
  sendEhfReport,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { downloadBlob, saveBlob } from '../../../app/api/download';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import { reportKeys } from './report.queries';

export function useGenerateReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { kind: EhfReportKind; from: string; to: string }) =>
      (await api.call(generateEhfReport, { body })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all() }),
  });
}

export function useDownloadReportMutation() {
  return useMutation({
    mutationFn: async (report: EhfReport) => ({
      blob: await downloadBlob(downloadEhfReport, { params: { id: report.id } }),
      fileName: report.fileName ?? `ehf-report-${report.id}.csv`,
    }),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: toastFailure,
  });
}

/** Sends a finished report; the dialog stays open and shows a refused address itself. */
export function useSendReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ report, email }: { report: EhfReport; email: string }) =>
      (await api.call(sendEhfReport, { params: { id: report.id }, body: { email } })).data,
    onSuccess: (_report, { email }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all() });
      toast(ToastType.success, i18n.t('ehfReports.sent', { email }));
    },
  });
}
