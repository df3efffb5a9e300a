import { connectMissing, suggestTransactions } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import type { ConnectMissingListFilter } from './connect-missing.filter';

/**
 * Query keys and calls of matching vouchers with bank transactions. Everything sits under the
 * company, so one invalidation of `company(companyId)` refreshes the lists, counts and suggestions.
 */
export const matchingKeys = {
  all: () => ['matching'] as const,
  company: (companyId: number) => [...matchingKeys.all(), companyId] as const,
  missingLists: (companyId: number) => [...matchingKeys.company(companyId), 'missing'] as const,
  missing: (companyId: number, filter: ConnectMissingListFilter) =>
    queryOptions({
      queryKey: [...matchingKeys.missingLists(companyId), filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(connectMissing, { query: { companyId, ...filter }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  voucherTransactions: (companyId: number, voucherId: number) =>
    queryOptions({
      queryKey: [...matchingKeys.company(companyId), 'voucher-transactions', voucherId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(suggestTransactions, { query: { companyId, voucherId }, signal })).data,
    }),
};
