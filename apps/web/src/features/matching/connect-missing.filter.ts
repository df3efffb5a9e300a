import { ConnectMissingFilter } from '@bilag/contracts';
import { countActiveFilters, defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../ui/url-filter';

/** The connect-missing filter of the spec without the company (the route's) and the account. */
export type ConnectMissingListFilter = Omit<ConnectMissingFilter, 'companyId' | 'companyBankId'>;
export type ConnectMissingFilterChanges = Partial<ConnectMissingListFilter>;

export const connectMissingFilter = defineUrlFilter<ConnectMissingListFilter>(ConnectMissingFilter, {
  ...PAGE_PARAMS,
  sortBy: 'sort',
  sortType: 'order',
  keyword: 'q',
  status: 'status',
  connectStatus: 'suggestions',
});

/** The address query of the connect-missing list with only these filters, for links from other screens. */
export function connectMissingSearch(changes: ConnectMissingFilterChanges): string {
  const params = connectMissingFilter.write(
    { ...connectMissingFilter.defaults, ...changes },
    new URLSearchParams(),
  );
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export function useConnectMissingFilter() {
  return useUrlFilter(connectMissingFilter);
}

export function countActiveConnectMissingFilters(filter: ConnectMissingListFilter): number {
  return countActiveFilters(connectMissingFilter, filter, ['keyword', 'status', 'connectStatus']);
}

type ListSort = Pick<ConnectMissingListFilter, 'sortBy' | 'sortType'>;

/** The list's four orders, offered as one choice: newest or oldest first, largest or smallest first. */
export const SORT_CHOICES = ['newest', 'oldest', 'largest', 'smallest'] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

const sorts: Record<SortChoice, ListSort> = {
  newest: { sortBy: 'Voucher.Date', sortType: 'desc' },
  oldest: { sortBy: 'Voucher.Date', sortType: 'asc' },
  largest: { sortBy: 'Voucher.Amount', sortType: 'desc' },
  smallest: { sortBy: 'Voucher.Amount', sortType: 'asc' },
};

export function sortChoiceOf(filter: ListSort): SortChoice {
  return (
    SORT_CHOICES.find(
      (choice) => sorts[choice].sortBy === filter.sortBy && sorts[choice].sortType === filter.sortType,
    ) ?? 'newest'
  );
}

export function readSortChoice(choice: string | null): ListSort | undefined {
  const known = SORT_CHOICES.find((candidate) => candidate === choice);
  return known === undefined ? undefined : sorts[known];
}
