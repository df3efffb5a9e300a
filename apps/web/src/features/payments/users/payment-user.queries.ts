import {
  assignableUsers,
  listPaymentUsers,
  paymentActions,
  verifiedBanksOfPaymentUser,
} from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

/**
 * Query keys and calls of the payment users screen. Everything sits under the company, so one
 * invalidation of `company(companyId)` refreshes the list, the people who can be added, the verified
 * accounts and what the signed-in person may do after a change.
 */
export const paymentUserKeys = {
  all: () => ['payment-users'] as const,
  company: (companyId: number) => [...paymentUserKeys.all(), companyId] as const,
  list: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentUserKeys.company(companyId), 'list'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listPaymentUsers, { query: { companyId }, signal })).data,
    }),
  assignable: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentUserKeys.company(companyId), 'assignable'] as const,
      queryFn: async ({ signal }) => (await api.call(assignableUsers, { query: { companyId }, signal })).data,
    }),
  /** `assignUser` is the person's user id. */
  verifiedBanks: (companyId: number, assignUser: number) =>
    queryOptions({
      queryKey: [...paymentUserKeys.company(companyId), 'verified-banks', assignUser] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(verifiedBanksOfPaymentUser, {
            params: { assignUser },
            query: { companyId },
            signal,
          })
        ).data,
    }),
  actions: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentUserKeys.company(companyId), 'actions'] as const,
      queryFn: async ({ signal }) => (await api.call(paymentActions, { params: { companyId }, signal })).data,
    }),
};
