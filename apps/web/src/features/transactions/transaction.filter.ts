import { TransactionFilter, type TransactionSortBy } from '@bilag/contracts';
import type { z } from 'zod';
import {
  countActiveFilters,
  DATED_LIST_PARAMS,
  defineUrlFilter,
  PAGE_PARAMS,
  useUrlFilter,
} from '../../ui/url-filter';
import { yearStorage } from '../../ui/year';

/** The bank transaction filter of the spec without the company (the route's) and the account number. */
export type TransactionListFilter = Omit<TransactionFilter, 'companyId' | 'accountNumber'>;
export type TransactionSortField = z.infer<typeof TransactionSortBy>;
export type TransactionFilterChanges = Partial<TransactionListFilter>;

/** The account and the year survive a reset of the other filters. */
export const transactionFilter = defineUrlFilter<TransactionListFilter>(
  TransactionFilter,
  {
    ...DATED_LIST_PARAMS,
    companyBankId: 'account',
    ...PAGE_PARAMS,
    status: 'status',
    keyword: 'q',
    filterAmount: 'amount',
    importId: 'import',
  },
  ['year', 'companyBankId'],
);

/** The local storage key the spec names for the year last chosen on the bank transaction list. */
export const bankYear = yearStorage('bankYear');

export function useTransactionFilter() {
  return useUrlFilter(transactionFilter);
}

export function countActiveTransactionFilters(filter: TransactionListFilter): number {
  return countActiveFilters(transactionFilter, filter, [
    'from',
    'to',
    'keyword',
    'status',
    'filterAmount',
    'importId',
  ]);
}

/**
 * What the list call is asked: the year chosen by the year rule, or, for the transactions of one import,
 * no year at all, since a statement may run across a new year.
 */
export function listQueryFilter(
  filter: TransactionListFilter,
  year: number | undefined,
): TransactionListFilter {
  if (filter.importId !== undefined) return { ...filter, year: undefined, month: 0 };
  return { ...filter, year };
}

/** The address query of the bank list with only these filters, for links from other screens. */
export function transactionListSearch(changes: TransactionFilterChanges): string {
  const params = transactionFilter.write(
    { ...transactionFilter.defaults, ...changes },
    new URLSearchParams(),
  );
  return `?${params.toString()}`;
}
