import {
  addCompanyBank,
  type CompanyBank,
  deleteCompanyBank,
  setDefaultAccountNumber,
  sortCompanyBanks,
  updateCompanyBank,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { companyBankKeys } from './bank.queries';
import type { BankAccountChanges } from './bank-account.form';
import { accountLabel } from './bank-account.format';
import { orderAccounts } from './bank-account.order';

type SaveBankAccount = { accountId: number | null; changes: BankAccountChanges };

/** Adds an account (no id) or changes one; the form stays open and shows the failure itself. */
export function useSaveBankAccountMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, changes }: SaveBankAccount) =>
      accountId === null
        ? (await api.call(addCompanyBank, { body: { ...changes, companyId } })).data
        : (await api.call(updateCompanyBank, { params: { id: accountId }, body: { ...changes, companyId } }))
            .data,
    onSuccess: (_account, { accountId }) => {
      void queryClient.invalidateQueries({ queryKey: companyBankKeys.company(companyId) });
      toast(ToastType.success, i18n.t(accountId === null ? 'bankAccounts.added' : 'bankAccounts.saved'));
    },
  });
}

/** The failure (such as 409 for an account with transactions) is shown in the confirm dialog. */
export function useDeleteBankAccountMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: number) =>
      (await api.call(deleteCompanyBank, { params: { id: accountId }, query: { companyId } })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyBankKeys.company(companyId) });
      toast(ToastType.success, i18n.t('bankAccounts.deleted'));
    },
  });
}

export function useSetDefaultBankAccountMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountNumber: string) =>
      (await api.call(setDefaultAccountNumber, { body: { companyId, accountNumber } })).data,
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: companyBankKeys.company(companyId) });
      toast(ToastType.success, i18n.t('bankAccounts.defaultSet', { account: accountLabel(account) }));
    },
    onError: toastFailure,
  });
}

/**
 * Saves a new order of the accounts. The list shows the order at once and goes back to what it was
 * when the server refuses, so moving an account with the keyboard never waits for the network.
 */
export function useSortBankAccountsMutation(companyId: number) {
  const queryClient = useQueryClient();
  const listKey = companyBankKeys.list(companyId).queryKey;
  return useMutation({
    // Moves run one after the other, so the server stores the order of the last press, not of the last reply.
    scope: { id: `sort-company-banks-${companyId}` },
    mutationFn: async (ids: number[]) =>
      (await api.call(sortCompanyBanks, { body: { companyId, ids } })).data,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<CompanyBank[]>(listKey);
      if (previous) queryClient.setQueryData(listKey, orderAccounts(previous, ids));
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      toastFailure(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
