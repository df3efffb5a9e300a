import { adminVoucherConnect, type RouteRequest } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { i18n } from '../../../i18n';
import { ToastType, toast } from '../../../ui/toast';
import { matchingKeys } from '../matching.queries';
import { adminMatchingKeys } from './admin-matching.queries';

/** Connects a transaction with a voucher of any company; the form shows a refusal itself. */
export function useAdminConnectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: RouteRequest<typeof adminVoucherConnect>['body']) =>
      (await api.call(adminVoucherConnect, { body: request })).data,
    onSuccess: (_reply, { companyId, bankTransactionId, voucherId }) => {
      void queryClient.invalidateQueries({ queryKey: adminMatchingKeys.all() });
      void queryClient.invalidateQueries({ queryKey: matchingKeys.company(companyId) });
      toast(
        ToastType.success,
        i18n.t('adminMatching.connect.done', { transactionId: bankTransactionId, voucherId }),
      );
    },
  });
}
