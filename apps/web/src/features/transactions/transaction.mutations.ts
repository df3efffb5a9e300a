import {
  type BulkUpdateTransactionsRequest,
  bulkUpdateTransactions,
  deleteTransaction,
  type UpdateTransactionFields,
  updateTransaction,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { companyBankKeys } from '../banks';
import { transactionKeys } from './transaction.queries';

export type TransactionChanges = Omit<UpdateTransactionFields, 'companyId'>;
export type BulkTransactionChanges = Omit<BulkUpdateTransactionsRequest, 'companyId' | 'ids'>;

/** Changes to transactions show in the list, its counts and the account balances alike. */
export function useRefreshTransactions(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: transactionKeys.company(companyId) }),
      queryClient.invalidateQueries({ queryKey: companyBankKeys.company(companyId) }),
    ]);
}

export function useUpdateTransactionMutation(companyId: number, transactionId: number) {
  const refresh = useRefreshTransactions(companyId);
  return useMutation({
    mutationFn: async (changes: TransactionChanges) =>
      (await api.call(updateTransaction, { params: { id: transactionId }, body: { ...changes, companyId } }))
        .data,
    onSuccess: () => {
      void refresh();
      toast(ToastType.success, i18n.t('bankTransactions.detail.saved'));
    },
    onError: toastFailure,
  });
}

/** Attaches files to a transaction with the same PUT as its fields, as form data; the caller shows progress. */
export async function attachTransactionFiles(
  companyId: number,
  transactionId: number,
  files: readonly File[],
  onProgress: (progress: UploadProgress) => void,
) {
  const reply = await uploadFile(updateTransaction, {
    params: { id: transactionId },
    fields: { companyId },
    fileField: 'files',
    files,
    onProgress,
  });
  return reply.data;
}

export function useBulkUpdateTransactionsMutation(companyId: number) {
  const refresh = useRefreshTransactions(companyId);
  return useMutation({
    mutationFn: async ({ ids, changes }: { ids: number[]; changes: BulkTransactionChanges }) =>
      (await api.call(bulkUpdateTransactions, { body: { ...changes, ids, companyId } })).data,
    onSuccess: ({ updated }) => {
      void refresh();
      toast(ToastType.success, i18n.t('bankTransactions.bulk.done', { count: updated }));
    },
    onError: toastFailure,
  });
}

/** The catalogue deletes one transaction a call; several go one after the other so a failure stops the rest. */
export function useDeleteTransactionsMutation(companyId: number) {
  const refresh = useRefreshTransactions(companyId);
  return useMutation({
    mutationFn: async (transactionIds: number[]) => {
      for (const id of transactionIds) {
        await api.call(deleteTransaction, { params: { id }, query: { companyId } });
      }
      return transactionIds.length;
    },
    onSuccess: (deleted) => {
      void refresh();
      toast(ToastType.success, i18n.t('bankTransactions.delete.done', { count: deleted }));
    },
    onError: (error) => {
      void refresh();
      toastFailure(error);
    },
  });
}
