import { paymentSettings, updatePaymentSettings } from '@bilag/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

export const paymentSettingsKeys = {
  all: () => ['payment-settings'] as const,
  settings: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentSettingsKeys.all(), companyId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(paymentSettings, { params: { companyId }, signal })).data,
    }),
};

/** Changes the second-approver limit; the baskets made from then on follow it. */
export function useUpdatePaymentSettingsMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (secondApproverAboveOre: number | null) =>
      (
        await api.call(updatePaymentSettings, {
          params: { companyId },
          body: { SecondApproverAboveOre: secondApproverAboveOre },
        })
      ).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(paymentSettingsKeys.settings(companyId).queryKey, settings);
    },
  });
}
