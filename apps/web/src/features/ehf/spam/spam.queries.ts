import { blockedArrivals, listSpamSuppliers, spamCandidates, spamSupplierData } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

export const SPAM_PAGE_SIZE = 20;

export const spamKeys = {
  all: () => ['ehf-spam'] as const,
  list: (search: string, page: number) =>
    queryOptions({
      queryKey: [...spamKeys.all(), 'list', search, page] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listSpamSuppliers, { query: { search, page, pageSize: SPAM_PAGE_SIZE }, signal }))
          .data,
      placeholderData: keepPreviousData,
    }),
  activity: (page: number) =>
    queryOptions({
      queryKey: [...spamKeys.all(), 'activity', page] as const,
      queryFn: async ({ signal }) =>
        (await api.call(spamSupplierData, { query: { page, pageSize: SPAM_PAGE_SIZE }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  arrivals: (page: number, spamSupplierId: number | undefined) =>
    queryOptions({
      queryKey: [...spamKeys.all(), 'arrivals', page, spamSupplierId ?? 0] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(blockedArrivals, {
            query: { page, pageSize: SPAM_PAGE_SIZE, spamSupplierId },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  candidates: () =>
    queryOptions({
      queryKey: [...spamKeys.all(), 'candidates'] as const,
      queryFn: async ({ signal }) => (await api.call(spamCandidates, { query: { limit: 20 }, signal })).data,
    }),
};
