import { adminVouchers } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import type { VoucherListFilter } from '../voucher.filter';

export type AdminVoucherListFilter = VoucherListFilter & {
  /** Only this company's vouchers; every company when left out. */
  companyId: number | undefined;
  includeDeleted: boolean;
};

export const adminVoucherKeys = {
  all: () => ['admin-vouchers'] as const,
  lists: () => [...adminVoucherKeys.all(), 'list'] as const,
  list: (filter: AdminVoucherListFilter) =>
    queryOptions({
      queryKey: [...adminVoucherKeys.lists(), filter] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(adminVouchers, {
            // The query string carries the switch as the words the contract reads.
            query: { ...filter, includeDeleted: filter.includeDeleted ? 'true' : 'false' },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
};
