import {
  type AutoMatchSummary,
  autoUpdateTransactions,
  autoUpdateTransactionsByAiLocal,
  type ConnectMissingList,
  connectTransactionVoucher,
  disconnectTransactionVoucher,
  rejectVoucherSuggestion,
  updateMissingByAddVoucher,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { transactionKeys } from '../transactions';
import { voucherKeys } from '../vouchers';
import { withoutConnected, withoutSuggestion } from './connect-missing.list';
import { matchingKeys } from './matching.queries';

/**
 * A change to connections shows in the matching lists and counts, the bank list and the vouchers. The
 * reply's counts and the change go into the lists at once, so a row leaves before the lists come back.
 */
function useRefreshMatching(companyId: number) {
  const queryClient = useQueryClient();
  return (update?: (list: ConnectMissingList) => ConnectMissingList) => {
    if (update) {
      queryClient.setQueriesData<ConnectMissingList>(
        { queryKey: matchingKeys.missingLists(companyId) },
        (list) => list && update(list),
      );
    }
    void queryClient.invalidateQueries({ queryKey: matchingKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: transactionKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
  };
}

export type ConnectPair = { transactionIds: number[]; voucherIds: number[] };

/** Connects transactions with vouchers. The caller shows a failure: a modal keeps it beside the sums. */
export function useConnectMutation(companyId: number) {
  const refresh = useRefreshMatching(companyId);
  return useMutation({
    mutationFn: async ({ transactionIds, voucherIds }: ConnectPair) =>
      (
        await api.call(connectTransactionVoucher, {
          body: { companyId, bankTransactionIds: transactionIds, voucherIds },
        })
      ).data,
    onSuccess: ({ connections, counts }, { transactionIds, voucherIds }) => {
      refresh((list) => withoutConnected(list, transactionIds, voucherIds, counts));
      toast(ToastType.success, i18n.t('matching.connect.done', { count: connections.length }));
    },
  });
}

type RejectedPair = { transactionId: number; voucherId: number };

export function useRejectSuggestionMutation(companyId: number) {
  const refresh = useRefreshMatching(companyId);
  return useMutation({
    mutationFn: async ({ transactionId, voucherId }: RejectedPair) =>
      (
        await api.call(rejectVoucherSuggestion, {
          body: { companyId, bankTransactionId: transactionId, voucherId },
        })
      ).data,
    onSuccess: ({ counts }, { transactionId, voucherId }) => {
      refresh((list) => withoutSuggestion(list, transactionId, voucherId, counts));
      toast(ToastType.info, i18n.t('matching.reject.done'));
    },
    onError: toastFailure,
  });
}

export function useDisconnectMutation(companyId: number) {
  const refresh = useRefreshMatching(companyId);
  return useMutation({
    mutationFn: async (connectionId: number) =>
      (await api.call(disconnectTransactionVoucher, { params: { id: connectionId }, query: { companyId } }))
        .data,
    onSuccess: ({ counts }) => {
      refresh((list) => ({ ...list, counts }));
      toast(ToastType.success, i18n.t('matching.disconnect.done'));
    },
    onError: toastFailure,
  });
}

export type MissingVoucherNote = {
  transactionId: number;
  isPrivate: boolean;
  note: string;
  files: readonly File[];
};

/** Says why a transaction has no voucher (private, or the voucher is missing), as form data with any files. */
export function useMarkMissingMutation(companyId: number) {
  const refresh = useRefreshMatching(companyId);
  return useMutation({
    mutationFn: async ({ transactionId, isPrivate, note, files }: MissingVoucherNote) =>
      (
        await uploadFile(updateMissingByAddVoucher, {
          params: { id: transactionId },
          fields: { companyId, isPrivate, note },
          fileField: 'files',
          files,
        })
      ).data,
    onSuccess: (_registration, { isPrivate }) => {
      refresh();
      toast(
        ToastType.success,
        i18n.t(isPrivate ? 'matching.missing.markedPrivate' : 'matching.missing.markedMissing'),
      );
    },
    onError: toastFailure,
  });
}

/** Matching by the company's rules and the suggestion scores, or with what its history has taught. */
export type AutoMatchKind = 'rules' | 'learned';

function autoMatchSummaryText(summary: AutoMatchSummary, kind: AutoMatchKind): string {
  const counts = {
    connected: summary.connected,
    suggested: summary.suggested,
    byRule: summary.byRule,
    ambiguous: summary.ambiguous,
  };
  return kind === 'learned'
    ? i18n.t('matching.auto.learnedSummary', { ...counts, learnedFrom: summary.learnedFrom })
    : i18n.t('matching.auto.summary', counts);
}

export function useAutoMatchMutation(companyId: number) {
  const refresh = useRefreshMatching(companyId);
  return useMutation({
    mutationFn: async (kind: AutoMatchKind) =>
      (
        await api.call(kind === 'learned' ? autoUpdateTransactionsByAiLocal : autoUpdateTransactions, {
          body: { companyId },
        })
      ).data,
    onSuccess: (summary, kind) => {
      refresh();
      toast(ToastType.success, autoMatchSummaryText(summary, kind));
    },
    onError: toastFailure,
  });
}
