import { AdminVouchersReply, Endpoint } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import type { VoucherListFilter } from '../vouchers/voucher.filter';
import { queryString } from '../vouchers/voucher.queries';

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
        (await api.get(AdminVouchersReply, `${Endpoint.adminVouchers}${queryString(filter)}`, { signal }))
          .data,
      placeholderData: keepPreviousData,
    }),
};
