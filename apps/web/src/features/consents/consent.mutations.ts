import {
  type Consent,
  type CreateConsentRequest,
  createConsent,
  type RenewConsentRequest,
  renewConsent,
  revokeConsent,
  syncConsent,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { consentKeys } from './consent.queries';

/** The bank's own page, where the person logs in and approves; it sends them back to /consent/sca-callback. */
export function goToBank(scaRedirectUrl: string) {
  window.location.assign(scaRedirectUrl);
}

/** Asks the bank for a consent; the form shows a refusal itself and leaves for the bank on success. */
export function useCreateConsentMutation(companyId: number) {
  return useMutation({
    mutationFn: async (request: Omit<CreateConsentRequest, 'companyId'>) =>
      (await api.call(createConsent, { body: { ...request, companyId } })).data,
    onSuccess: (started) => goToBank(started.scaRedirectUrl),
  });
}

type RenewConsent = { consentId: number; request: Omit<RenewConsentRequest, 'companyId'> };

export function useRenewConsentMutation(companyId: number) {
  return useMutation({
    mutationFn: async ({ consentId, request }: RenewConsent) =>
      (await api.call(renewConsent, { params: { consentId }, body: { ...request, companyId } })).data,
    onSuccess: (started) => goToBank(started.scaRedirectUrl),
  });
}

/** The failure is shown in the confirm dialog, which stays open. */
export function useRevokeConsentMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (consent: Consent) =>
      (await api.call(revokeConsent, { params: { consentId: consent.id }, query: { companyId } })).data,
    onSuccess: (consent) => {
      void queryClient.invalidateQueries({ queryKey: consentKeys.company(companyId) });
      toast(ToastType.success, i18n.t('consents.revoke.done', { bank: consent.bankName }));
    },
  });
}

/** Starts a read from the bank; the list then shows the consent syncing and polls until it has finished. */
export function useSyncConsentMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (consentId: number) =>
      (await api.call(syncConsent, { params: { consentId }, body: { companyId } })).data,
    onSuccess: (consent) => {
      queryClient.setQueryData(consentKeys.list(companyId).queryKey, (current) =>
        current
          ? {
              consents: current.consents.map((row) => (row.id === consent.id ? consent : row)),
              ownerConsents: current.ownerConsents.map((row) => (row.id === consent.id ? consent : row)),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: consentKeys.company(companyId) });
    },
    onError: toastFailure,
  });
}
