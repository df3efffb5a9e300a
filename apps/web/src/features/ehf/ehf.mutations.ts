import { createVoucherFromEhfDocument, registerEhfReceiver, unregisterEhfReceiver } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { ehfKeys } from './ehf.queries';

export function useRegisterEhfMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(registerEhfReceiver, { body: { companyId } })).data,
    onSuccess: (registration) => {
      queryClient.setQueryData(ehfKeys.registration(companyId).queryKey, registration);
      toast(ToastType.success, i18n.t('ehf.registration.registered'));
    },
    onError: toastFailure,
  });
}

export function useUnregisterEhfMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(unregisterEhfReceiver, { query: { companyId } })).data,
    onSuccess: (registration) => {
      queryClient.setQueryData(ehfKeys.registration(companyId).queryKey, registration);
      toast(ToastType.success, i18n.t('ehf.registration.unregistered'));
    },
  });
}

/** A person has read why the document failed its checks and books it anyway. */
export function useCreateVoucherAnywayMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(createVoucherFromEhfDocument, { params: { id }, body: { companyId } })).data,
    onSuccess: (document) => {
      queryClient.setQueryData(ehfKeys.document(companyId, document.id).queryKey, document);
      void queryClient.invalidateQueries({ queryKey: ehfKeys.company(companyId) });
      void queryClient.invalidateQueries({ queryKey: ['vouchers'] });
      toast(ToastType.success, i18n.t('ehf.detail.voucherMade', { id: document.voucherId ?? '' }));
    },
  });
}
