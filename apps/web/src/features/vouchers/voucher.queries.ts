import {
  fileDownload,
  listVouchers,
  voucherBalancesV2,
  voucherDetail,
  voucherLabels,
  voucherMissingSummary,
  voucherStatistics,
  voucherYears,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { downloadBlob } from '../../app/api/download';
import type { VoucherListFilter } from './voucher.filter';

export type FileVariant = 'original' | 'thumbnail';

/**
 * Query keys and calls of the voucher screens. Everything sits under the company, so one invalidation
 * of `company(companyId)` refreshes the list, the statistics, the years and the summary after a change.
 */
export const voucherKeys = {
  all: () => ['vouchers'] as const,
  company: (companyId: number) => [...voucherKeys.all(), companyId] as const,
  lists: (companyId: number) => [...voucherKeys.company(companyId), 'list'] as const,
  list: (companyId: number, filter: VoucherListFilter) =>
    queryOptions({
      queryKey: [...voucherKeys.lists(companyId), filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listVouchers, { query: { companyId, ...filter }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  details: (companyId: number) => [...voucherKeys.company(companyId), 'detail'] as const,
  detail: (companyId: number, voucherId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.details(companyId), voucherId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(voucherDetail, { params: { id: voucherId }, query: { companyId }, signal })).data,
    }),
  balances: (companyId: number, voucherId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.detail(companyId, voucherId).queryKey, 'balances'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(voucherBalancesV2, { params: { id: voucherId }, query: { companyId }, signal })).data,
    }),
  statistics: (companyId: number, year: number) =>
    queryOptions({
      queryKey: [...voucherKeys.company(companyId), 'statistics', year] as const,
      queryFn: async ({ signal }) =>
        (await api.call(voucherStatistics, { query: { companyId, year }, signal })).data,
    }),
  years: (companyId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.company(companyId), 'years'] as const,
      queryFn: async ({ signal }) => (await api.call(voucherYears, { query: { companyId }, signal })).data,
    }),
  missingSummary: (companyId: number, year: number) =>
    queryOptions({
      queryKey: [...voucherKeys.company(companyId), 'missing-summary', year] as const,
      queryFn: async ({ signal }) =>
        (await api.call(voucherMissingSummary, { query: { companyId, year }, signal })).data,
    }),
  labels: (companyId: number) =>
    queryOptions({
      queryKey: [...voucherKeys.company(companyId), 'labels'] as const,
      queryFn: async ({ signal }) => (await api.call(voucherLabels, { params: { companyId }, signal })).data,
    }),
  /** Stored files never change, so a fetched one is kept for the whole visit. */
  file: (companyId: number, fileId: number, variant: FileVariant) =>
    queryOptions({
      queryKey: ['voucher-files', companyId, fileId, variant] as const,
      queryFn: ({ signal }) =>
        downloadBlob(fileDownload, { params: { fileId }, query: { companyId, variant } }, signal),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 10 * 60_000,
    }),
};
