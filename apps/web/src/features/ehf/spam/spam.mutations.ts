import { addSpamSupplier, deleteSpamSupplier, type SpamSupplier, updateSpamSupplier } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import { spamKeys } from './spam.queries';

export type SpamSupplierInput = {
  name: string;
  organisationNumber: string | null;
  emailPattern: string | null;
  reason: string | null;
  companyId: number | null;
};

/** Adds an entry (no id) or changes one; the form stays open and shows a refusal itself. */
export function useSaveSpamSupplierMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: SpamSupplierInput }) =>
      id === null
        ? (await api.call(addSpamSupplier, { body: input })).data
        : (await api.call(updateSpamSupplier, { params: { id }, body: input })).data,
    onSuccess: (entry, { id }) => {
      void queryClient.invalidateQueries({ queryKey: spamKeys.all() });
      toast(ToastType.success, i18n.t(id === null ? 'ehfSpam.added' : 'ehfSpam.saved', { name: entry.name }));
    },
  });
}

export function useDeleteSpamSupplierMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entry: SpamSupplier) => {
      await api.call(deleteSpamSupplier, { params: { id: entry.id } });
      return entry;
    },
    onSuccess: (entry) => {
      void queryClient.invalidateQueries({ queryKey: spamKeys.all() });
      toast(ToastType.success, i18n.t('ehfSpam.deleted', { name: entry.name }));
    },
    onError: toastFailure,
  });
}
