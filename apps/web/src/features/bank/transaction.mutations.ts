import {
  BulkUpdateReply,
  type BulkUpdateTransactionsRequest,
  DeleteImportReply,
  EmptyReply,
  Endpoint,
  endpointPath,
  TransactionReply,
  type UpdateTransactionFields,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { companyBankKeys } from '../bank-accounts/bank.queries';
import { queryString } from '../vouchers/voucher.queries';
import { transactionKeys } from './transaction.queries';

export type TransactionChanges = Omit<UpdateTransactionFields, 'companyId'>;
export type BulkTransactionChanges = Omit<BulkUpdateTransactionsRequest, 'companyId' | 'ids'>;

/** Changes to transactions show in the list, its counts and the account balances alike. */
function useRefreshTransactions(companyId: number) {
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
      (
        await api.put(TransactionReply, endpointPath(Endpoint.updateTransaction, { id: transactionId }), {
          ...changes,
          companyId,
        })
      ).data,
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
  const reply = await uploadFile(TransactionReply, {
    path: endpointPath(Endpoint.updateTransaction, { id: transactionId }),
    method: 'PUT',
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
      (await api.put(BulkUpdateReply, Endpoint.bulkUpdateTransactions, { ...changes, ids, companyId })).data,
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
        await api.delete(
          EmptyReply,
          `${endpointPath(Endpoint.deleteTransaction, { id })}${queryString({ companyId })}`,
        );
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

export function useDeleteBankImportMutation(companyId: number) {
  const refresh = useRefreshTransactions(companyId);
  return useMutation({
    mutationFn: async (importId: number) =>
      (
        await api.delete(
          DeleteImportReply,
          `${endpointPath(Endpoint.deleteBankImport, { importId })}${queryString({ companyId })}`,
        )
      ).data,
    onSuccess: ({ deletedTransactions }) => {
      void refresh();
      toast(ToastType.success, i18n.t('bankImport.history.undone', { count: deletedTransactions }));
    },
    onError: toastFailure,
  });
}
