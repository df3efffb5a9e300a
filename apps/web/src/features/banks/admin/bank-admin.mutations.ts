import {
  type AutoImportTemplate,
  addBank,
  addBankAutoImport,
  type Bank,
  BankStatus,
  type SaveBankRequest,
  updateBank,
  updateBankAutoImport,
  updateBankStatus,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import { bankKeys } from '../bank.queries';
import { adminBankKeys } from './bank-admin.queries';

/**
 * A changed bank changes the registry, the account-number look-ups and the admin import overview. The
 * bank the server answered replaces the old one in the list at once, so a switch does not flick back
 * while the list is fetched again.
 */
function useRefreshRegistry() {
  const queryClient = useQueryClient();
  return (bank: Bank) => {
    queryClient.setQueryData(bankKeys.list().queryKey, (banks) =>
      banks?.some((known) => known.Id === bank.Id)
        ? banks.map((known) => (known.Id === bank.Id ? bank : known))
        : banks,
    );
    void queryClient.invalidateQueries({ queryKey: bankKeys.all() });
    void queryClient.invalidateQueries({ queryKey: adminBankKeys.all() });
  };
}

type SaveBank = { bankId: number | null; request: SaveBankRequest };

/** Adds a bank (no id) or changes one; the form stays open and shows the failure itself. */
export function useSaveBankMutation() {
  const refreshRegistry = useRefreshRegistry();
  return useMutation({
    mutationFn: async ({ bankId, request }: SaveBank) =>
      bankId === null
        ? (await api.call(addBank, { body: request })).data
        : (await api.call(updateBank, { params: { id: bankId }, body: request })).data,
    onSuccess: (bank, { bankId }) => {
      refreshRegistry(bank);
      toast(
        ToastType.success,
        i18n.t(bankId === null ? 'bankAdmin.registry.added' : 'bankAdmin.registry.saved', {
          bank: bank.Name,
        }),
      );
    },
  });
}

type SaveAutoImport = { bank: Bank; template: AutoImportTemplate; isAutoImport: boolean };

/** The first template of a bank is added; later changes of template or switch update it. */
export function useSaveAutoImportMutation() {
  const refreshRegistry = useRefreshRegistry();
  return useMutation({
    mutationFn: async ({ bank, template, isAutoImport }: SaveAutoImport) => {
      const request = { bankId: bank.Id, template, isAutoImport };
      return bank.AutoImportTemplate === null
        ? (await api.call(addBankAutoImport, { body: request })).data
        : (await api.call(updateBankAutoImport, { body: request })).data;
    },
    onSuccess: (bank) => {
      refreshRegistry(bank);
      toast(ToastType.success, i18n.t('bankAdmin.registry.autoImportSaved', { bank: bank.Name }));
    },
    onError: toastFailure,
  });
}

type UpdateBankStatus = { bank: Bank; status: BankStatus };

export function useUpdateBankStatusMutation() {
  const refreshRegistry = useRefreshRegistry();
  return useMutation({
    mutationFn: async ({ bank, status }: UpdateBankStatus) =>
      (await api.call(updateBankStatus, { params: { id: bank.Id }, body: { status } })).data,
    onSuccess: (bank) => {
      refreshRegistry(bank);
      toast(
        ToastType.success,
        i18n.t(
          bank.Status === BankStatus.ACTIVE
            ? 'bankAdmin.registry.activated'
            : 'bankAdmin.registry.deactivated',
          {
            bank: bank.Name,
          },
        ),
      );
    },
    onError: toastFailure,
  });
}
