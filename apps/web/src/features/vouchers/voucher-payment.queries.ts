import { paymentActions, paymentsOfVoucher } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { voucherKeys } from './voucher.queries';

/**
 * The payment side of the voucher screens. The keys sit under the voucher keys, so the invalidation
 * that follows any change of a voucher refreshes its payments too.
 */
export const voucherPaymentKeys = {
  /** What the signed-in person may do with the company's payments; the server checks the same. */
  actions: (companyId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.company(companyId), 'payment-actions'] as const,
      queryFn: async ({ signal }) => (await api.call(paymentActions, { params: { companyId }, signal })).data,
    }),
  ofVoucher: (companyId: number, voucherId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.detail(companyId, voucherId).queryKey, 'payments'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(paymentsOfVoucher, { query: { companyId, voucherId }, signal })).data,
    }),
};
