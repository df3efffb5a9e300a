import {
  getCompanyMailAddress,
  getMailForwarding,
  type InboxStatus,
  listMailAddresses,
  listMailArrivals,
  listMailRefusals,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

export const MAIL_ADMIN_PAGE_SIZE = 20;

/** Query keys and calls of receipts by e-mail: the company's address and the admin's pages. */
export const mailKeys = {
  all: () => ['mail'] as const,
  address: (companyId: number) =>
    queryOptions({
      queryKey: [...mailKeys.all(), 'address', companyId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getCompanyMailAddress, { params: { companyId }, signal })).data,
    }),
  admin: () => [...mailKeys.all(), 'admin'] as const,
  addresses: (page: number, search: string) =>
    queryOptions({
      queryKey: [...mailKeys.admin(), 'addresses', page, search] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(listMailAddresses, {
            query: { page, pagesize: MAIL_ADMIN_PAGE_SIZE, ...(search ? { search } : {}) },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  arrivals: (page: number, status: InboxStatus | undefined) =>
    queryOptions({
      queryKey: [...mailKeys.admin(), 'arrivals', page, status ?? 'all'] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(listMailArrivals, {
            query: { page, pagesize: MAIL_ADMIN_PAGE_SIZE, ...(status ? { status } : {}) },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  refusals: () =>
    queryOptions({
      queryKey: [...mailKeys.admin(), 'refusals'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listMailRefusals, { query: { limit: 50 }, signal })).data,
    }),
  forwarding: () =>
    queryOptions({
      queryKey: [...mailKeys.admin(), 'forwarding'] as const,
      queryFn: async ({ signal }) => (await api.call(getMailForwarding, { signal })).data,
    }),
};
