import {
  availableDueDates,
  internalTransferBanks,
  internalTransferStatistic,
  type Language,
  listInternalTransfers,
  listPaymentCountries,
  listPaymentCurrencies,
  listPaymentExports,
  listPaymentReasonCodes,
  listPayments,
  PaymentStatus,
  paymentActions,
  paymentInfoByUuid,
  paymentStatistics,
  type RouteRequest,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

type PaymentQuery = Omit<RouteRequest<typeof listPayments>['query'], 'companyId'>;
type TransferQuery = RouteRequest<typeof listInternalTransfers>['query'];

/** Reference lists (countries, currencies, purpose codes) change with a release, not during a visit. */
const REFERENCE_STALE_MS = 60 * 60_000;

/**
 * Query keys and calls of the payment screens. Everything of a company sits under `company(companyId)`,
 * so one invalidation after a change refreshes the lists, the counts, the totals and the files.
 */
export const paymentKeys = {
  all: () => ['payments'] as const,
  company: (companyId: number) => [...paymentKeys.all(), companyId] as const,
  list: (companyId: number, query: PaymentQuery) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'list', query] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listPayments, { query: { companyId, ...query }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  statistics: (companyId: number, query: PaymentQuery) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'statistics', query] as const,
      queryFn: async ({ signal }) =>
        (await api.call(paymentStatistics, { query: { companyId, ...query }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  /** Every payment waiting for approval, of every date and type, summed per account: what can be exported. */
  waiting: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'waiting'] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(paymentStatistics, {
            query: { companyId, statuses: [PaymentStatus.FOR_APPROVE] },
            signal,
          })
        ).data,
    }),
  info: (companyId: number, paymentUuid: string) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'info', paymentUuid] as const,
      queryFn: async ({ signal }) =>
        (await api.call(paymentInfoByUuid, { query: { companyId, paymentsUUID: paymentUuid }, signal })).data,
    }),
  actions: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'actions'] as const,
      queryFn: async ({ signal }) => (await api.call(paymentActions, { params: { companyId }, signal })).data,
    }),
  exports: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'exports'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listPaymentExports, { query: { companyId }, signal })).data,
    }),
  transfers: (companyId: number, query: TransferQuery) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'transfers', query] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listInternalTransfers, { params: { companyId }, query, signal })).data,
      placeholderData: keepPreviousData,
    }),
  transferStatistics: (companyId: number, query: TransferQuery) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'transfer-statistics', query] as const,
      queryFn: async ({ signal }) =>
        (await api.call(internalTransferStatistic, { query: { companyId, ...query }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  transferAccounts: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentKeys.company(companyId), 'transfer-accounts'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(internalTransferBanks, { query: { companyId }, signal })).data,
    }),
};

/** The reference lists a payment form chooses from, named in the language of the request. */
export const paymentReferenceKeys = {
  all: () => ['payment-reference'] as const,
  countries: (language: Language) =>
    queryOptions({
      queryKey: [...paymentReferenceKeys.all(), 'countries', language] as const,
      queryFn: async ({ signal }) => (await api.call(listPaymentCountries, { signal })).data,
      staleTime: REFERENCE_STALE_MS,
    }),
  currencies: (language: Language) =>
    queryOptions({
      queryKey: [...paymentReferenceKeys.all(), 'currencies', language] as const,
      queryFn: async ({ signal }) => (await api.call(listPaymentCurrencies, { signal })).data,
      staleTime: REFERENCE_STALE_MS,
    }),
  reasonCodes: (language: Language) =>
    queryOptions({
      queryKey: [...paymentReferenceKeys.all(), 'reason-codes', language] as const,
      queryFn: async ({ signal }) => (await api.call(listPaymentReasonCodes, { signal })).data,
      staleTime: REFERENCE_STALE_MS,
    }),
  dueDates: (country: string, currency: string) =>
    queryOptions({
      queryKey: [...paymentReferenceKeys.all(), 'due-dates', country, currency] as const,
      queryFn: async ({ signal }) =>
        (await api.call(availableDueDates, { body: { country, currency }, signal })).data,
    }),
};
