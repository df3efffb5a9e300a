import {
  BankImportListReply,
  Endpoint,
  type ExportPrivateLostQuery,
  endpointPath,
  ImportJobReply,
  TransactionDetailReply,
  TransactionHistoryReply,
  TransactionListReply,
  TransactionMissingSummaryReply,
  TransactionStatisticsReply,
  TransactionYearsReply,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { queryString } from '../vouchers/voucher.queries';
import type { TransactionListFilter } from './transaction.filter';

/** How often a running import is asked how far it has come. */
export const IMPORT_POLL_MS = 500;

/** One account, or 0 for every account of the company. */
type AccountScope = { year: number; companyBankId: number };

/**
 * Query keys and calls of the bank transaction screens. Everything sits under the company, so one
 * invalidation of `company(companyId)` refreshes the list, the statistics, the years, the summary and
 * the import history after a change or an import.
 */
export const transactionKeys = {
  all: () => ['bank-transactions'] as const,
  company: (companyId: number) => [...transactionKeys.all(), companyId] as const,
  list: (companyId: number, filter: TransactionListFilter) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'list', filter] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            TransactionListReply,
            `${Endpoint.listTransactions}${queryString({ companyId, ...filter })}`,
            { signal },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  years: (companyId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'years'] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(TransactionYearsReply, `${Endpoint.transactionYears}${queryString({ companyId })}`, {
            signal,
          })
        ).data,
    }),
  statistics: (companyId: number, scope: AccountScope) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'statistics', scope] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            TransactionStatisticsReply,
            `${Endpoint.transactionStatistics}${queryString({ companyId, ...scope })}`,
            { signal },
          )
        ).data,
    }),
  missingSummary: (companyId: number, scope: AccountScope) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'missing-summary', scope] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            TransactionMissingSummaryReply,
            `${Endpoint.transactionMissingSummary}${queryString({ companyId, ...scope })}`,
            { signal },
          )
        ).data,
    }),
  detail: (companyId: number, transactionId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'detail', transactionId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            TransactionDetailReply,
            `${endpointPath(Endpoint.transactionDetail, { id: transactionId })}${queryString({ companyId })}`,
            { signal },
          )
        ).data,
    }),
  history: (companyId: number, transactionId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'history', transactionId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            TransactionHistoryReply,
            `${Endpoint.transactionHistory}${queryString({ companyId, bankTransactionId: transactionId })}`,
            { signal },
          )
        ).data,
    }),
  imports: (companyId: number, companyBankId: number, pageNumber: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'imports', companyBankId, pageNumber] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            BankImportListReply,
            `${Endpoint.bankImports}${queryString({ companyId, companyBankId, pageNumber })}`,
            { signal },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  /** A running import's job, asked again every half second until it has ended. */
  importJob: (companyId: number, jobId: number) =>
    queryOptions({
      queryKey: [...transactionKeys.company(companyId), 'import-job', jobId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(
            ImportJobReply,
            `${endpointPath(Endpoint.importJob, { jobId })}${queryString({ companyId })}`,
            { signal },
          )
        ).data,
      refetchInterval: (query) => {
        const status = query.state.data?.Status;
        return status === 'completed' || status === 'failed' ? false : IMPORT_POLL_MS;
      },
    }),
};

/**
 * The PDF of the private and lost transactions, both kinds. The status is left to its default: the
 * contract reads it as a number literal, which a query string's "0" does not match.
 */
export function exportPrivateLostPath(
  companyId: number,
  query: Omit<ExportPrivateLostQuery, 'companyId' | 'status'>,
) {
  return `${Endpoint.exportPrivateLost}${queryString({ companyId, ...query })}`;
}
