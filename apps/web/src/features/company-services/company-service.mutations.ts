import { buyZtlService, type CompanyServiceKey, updateCompanyService } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { useIdempotencyKeys } from '../../app/api/useIdempotencyKeys';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';

/**
 * A service turned on or off changes what many screens may load (the payment pages answer 403 while
 * payments are off), so every query is fetched again, not only the services.
 */
function useRefreshAfterServiceChange() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

export function useSwitchServiceMutation(companyId: number) {
  const refresh = useRefreshAfterServiceChange();
  return useMutation({
    mutationFn: async ({ service, isOn }: { service: CompanyServiceKey; isOn: boolean }) =>
      (await api.call(updateCompanyService, { body: { companyId, service, isOn } })).data,
    onSuccess: (changed) => {
      refresh();
      const name = i18n.t(`companyServices.services.${changed.service}.name`);
      toast(
        ToastType.success,
        i18n.t(changed.isOn ? 'companyServices.turnedOn' : 'companyServices.turnedOff', { name }),
      );
    },
    onError: toastFailure,
  });
}

/** Buys the bank connection; a retry of the same purchase carries the same key, so it is bought once. */
export function useBuyZtlServiceMutation(companyId: number) {
  const refresh = useRefreshAfterServiceChange();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async () => {
      const body = { companyId };
      return (await api.call(buyZtlService, { body, idempotencyKey: keys.keyFor(body) })).data;
    },
    onSuccess: () => {
      keys.release({ companyId });
      refresh();
      toast(ToastType.success, i18n.t('companyServices.bought'));
    },
    onError: toastFailure,
  });
}
