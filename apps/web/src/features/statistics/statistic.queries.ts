import {
  bankStatistic,
  companyOverview,
  consentStatistic,
  type PeriodMonth,
  paymentStatistic,
  teamStatistic,
  vatStatistic,
  voucherStatistic,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** A span of months as the address gives it; an end left out is the server's default (the last twelve months). */
export type StatisticPeriod = { from?: PeriodMonth | undefined; to?: PeriodMonth | undefined };

/** Only the ends that are set travel, so the server's defaults apply to the others. */
function periodQuery(companyId: number, period: StatisticPeriod) {
  return {
    companyId,
    ...(period.from ? { from: period.from } : {}),
    ...(period.to ? { to: period.to } : {}),
  };
}

/**
 * Query keys and calls of the statistics. A company's statistics and its front page sit under
 * `company(companyId)`, so a change that refreshes one refreshes them all; the bureau's team spans
 * companies and sits under `team()`. A changed period keeps the previous numbers on screen while the
 * new ones come, so the charts do not jump to a spinner.
 */
export const statisticKeys = {
  all: () => ['statistics'] as const,
  company: (companyId: number) => [...statisticKeys.all(), companyId] as const,
  overview: (companyId: number) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'overview'] as const,
      queryFn: async ({ signal }) => (await api.call(companyOverview, { query: { companyId }, signal })).data,
    }),
  voucher: (companyId: number, period: StatisticPeriod) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'voucher', period] as const,
      queryFn: async ({ signal }) =>
        (await api.call(voucherStatistic, { query: periodQuery(companyId, period), signal })).data,
      placeholderData: keepPreviousData,
    }),
  bank: (companyId: number, period: StatisticPeriod) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'bank', period] as const,
      queryFn: async ({ signal }) =>
        (await api.call(bankStatistic, { query: periodQuery(companyId, period), signal })).data,
      placeholderData: keepPreviousData,
    }),
  payment: (companyId: number, period: StatisticPeriod) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'payment', period] as const,
      queryFn: async ({ signal }) =>
        (await api.call(paymentStatistic, { query: periodQuery(companyId, period), signal })).data,
      placeholderData: keepPreviousData,
    }),
  vat: (companyId: number, year: number) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'vat', year] as const,
      queryFn: async ({ signal }) =>
        (await api.call(vatStatistic, { query: { companyId, year }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  consent: (companyId: number) =>
    queryOptions({
      queryKey: [...statisticKeys.company(companyId), 'consent'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(consentStatistic, { query: { companyId }, signal })).data,
    }),
  team: (weeks: number) =>
    queryOptions({
      queryKey: [...statisticKeys.all(), 'team', weeks] as const,
      queryFn: async ({ signal }) => (await api.call(teamStatistic, { query: { weeks }, signal })).data,
      placeholderData: keepPreviousData,
    }),
};
