import { VoucherFilter, type VoucherSortBy } from '@bilag/contracts';
import type { z } from 'zod';
import {
  countActiveFilters as countActive,
  DATED_LIST_PARAMS,
  defineUrlFilter,
  PAGE_PARAMS,
  useUrlFilter,
} from '../../ui/url-filter';
import { yearStorage } from '../../ui/year';

/** The voucher filter of the spec without its company, which the current route decides. */
export type VoucherListFilter = Omit<VoucherFilter, 'companyId'>;
export type VoucherSortField = z.infer<typeof VoucherSortBy>;
export type VoucherFilterChanges = Partial<VoucherListFilter>;

/** The year survives a reset of the other filters. */
export const voucherFilter = defineUrlFilter<VoucherListFilter>(
  VoucherFilter,
  {
    ...DATED_LIST_PARAMS,
    ...PAGE_PARAMS,
    keyword: 'q',
    source: 'source',
    status: 'status',
    paymentState: 'payment',
    voucherId: 'id',
  },
  ['year'],
);

/** The local storage key the spec names for the year last chosen on the voucher list. */
export const voucherYear = yearStorage('voucherYear');

export const readVoucherFilter = voucherFilter.read;

/** The address query of the voucher list with only these filters, for links from other screens. */
export function voucherListSearch(changes: VoucherFilterChanges): string {
  const params = voucherFilter.write({ ...voucherFilter.defaults, ...changes }, new URLSearchParams());
  return `?${params.toString()}`;
}
export const writeVoucherFilter = voucherFilter.write;
export const defaultVoucherFilter = voucherFilter.defaults;

/**
 * The voucher filter kept in the address, so a reload or a shared link shows the same list. Any change
 * but a page change starts again on the first page.
 */
export function useVoucherFilter() {
  return useUrlFilter(voucherFilter);
}

export function countActiveFilters(filter: VoucherListFilter): number {
  return countActive(voucherFilter, filter, [
    'from',
    'to',
    'keyword',
    'source',
    'status',
    'paymentState',
    'voucherId',
  ]);
}
