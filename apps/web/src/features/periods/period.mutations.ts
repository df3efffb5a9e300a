import {
  closePeriod,
  type PeriodMonth,
  type PeriodMonthDetail,
  periodArchive,
  reopenPeriod,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { downloadBlob, saveBlob } from '../../app/api/download';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { periodKeys } from './period.queries';

/**
 * The month as the server answers it after a change, at once, and the rest of what the change touches
 * (its year, the bureau overview) fetched again. A refusal may mean the month changed meanwhile (another
 * person closed it, a blocker appeared), so the month is fetched again then too.
 */
function usePeriodChange(companyId: number, month: PeriodMonth) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: periodKeys.company(companyId) }),
      queryClient.invalidateQueries({ queryKey: periodKeys.overviews() }),
    ]);
  return {
    onSuccess: (detail: PeriodMonthDetail) => {
      queryClient.setQueryData(periodKeys.month(companyId, month).queryKey, detail);
      void refresh();
    },
    onError: () => void refresh(),
  };
}

export function useClosePeriodMutation(companyId: number, month: PeriodMonth) {
  const change = usePeriodChange(companyId, month);
  return useMutation({
    mutationFn: async (exceptions: { key: string; reason: string }[]) =>
      (await api.call(closePeriod, { params: { month }, body: { companyId, exceptions } })).data,
    onSuccess: (detail) => {
      change.onSuccess(detail);
      toast(ToastType.success, i18n.t('periods.close.done'));
    },
    onError: change.onError,
  });
}

export function useReopenPeriodMutation(companyId: number, month: PeriodMonth) {
  const change = usePeriodChange(companyId, month);
  return useMutation({
    mutationFn: async (reason: string) =>
      (await api.call(reopenPeriod, { params: { month }, body: { companyId, reason } })).data,
    onSuccess: (detail) => {
      change.onSuccess(detail);
      toast(ToastType.success, i18n.t('periods.reopen.done'));
    },
    onError: change.onError,
  });
}

/** The closed month's archive, saved as `<alias>-<YYYY-MM>.zip`. */
export function useDownloadArchiveMutation(company: { Id: number; Alias: string }, month: PeriodMonth) {
  return useMutation({
    mutationFn: () => downloadBlob(periodArchive, { params: { month }, query: { companyId: company.Id } }),
    onSuccess: (zip) => saveBlob(zip, archiveFileName(company.Alias, month)),
    onError: toastFailure,
  });
}

export function archiveFileName(alias: string, month: PeriodMonth): string {
  return `${alias}-${month}.zip`;
}
