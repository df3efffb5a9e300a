import {
  listTransactions,
  transactionDetail,
  transactionHistory,
  transactionMissingSummary,
  transactionStatistics,
  transactionYears,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import type { TransactionListFilter } from './transaction.filter';

/** One account, or 0 for every account of the company. */
type AccountScope = { year: number; companyBankId: number };

/**
 * Query keys and calls of the bank transaction screens. Everything sits under the company, so one
 * invalidation of `company(companyId)` refreshes the list, the statistics, the years, the summary and
 * the import history (whose keys sit under it too) after a change or an import.
 */
export const transactionKeys = {
  all: () => ['bank-transactions'] as const,
  company: (companyId: number) => [...transactionKeys.all(), companyId] as const,
  list: (companyId: number, filter: TransactionListFilter) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'list', filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listTransactions, { query: { companyId, ...filter }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  years: (companyId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'years'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(transactionYears, { query: { companyId }, signal })).data,
    }),
  statistics: (companyId: number, scope: AccountScope) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'statistics', scope] as const,
      queryFn: async ({ signal }) =>
        (await api.call(transactionStatistics, { query: { companyId, ...scope }, signal })).data,
    }),
  missingSummary: (companyId: number, scope: AccountScope) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'missing-summary', scope] as const,
      queryFn: async ({ signal }) =>
        (await api.call(transactionMissingSummary, { query: { companyId, ...scope }, signal })).data,
    }),
  detail: (companyId: number, transactionId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'detail', transactionId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(transactionDetail, { params: { id: transactionId }, query: { companyId }, signal }))
          .data,
    }),
  history: (companyId: number, transactionId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'history', transactionId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(transactionHistory, {
            query: { companyId, bankTransactionId: transactionId },
            signal,
          })
        ).data,
    }),
};
