import { listPeriods, type PeriodMonth, periodByMonth, periodOverview } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/**
 * Query keys and calls of the period close. A company's years and months sit under `company(companyId)`,
 * so closing or reopening a month refreshes its year as well; the bureau overview spans companies and
 * sits under `overviews()`.
 */
export const periodKeys = {
  all: () => ['periods'] as const,
  company: (companyId: number) => [...periodKeys.all(), companyId] as const,
  year: (companyId: number, year: number) =>
    queryOptions({
      queryKey: [...periodKeys.company(companyId), 'year', year] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listPeriods, { query: { companyId, year }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  month: (companyId: number, month: PeriodMonth) =>
    queryOptions({
      queryKey: [...periodKeys.company(companyId), 'month', month] as const,
      queryFn: async ({ signal }) =>
        (await api.call(periodByMonth, { params: { month }, query: { companyId }, signal })).data,
    }),
  overviews: () => [...periodKeys.all(), 'overview'] as const,
  overview: (query: { until?: PeriodMonth | undefined; months: number }) =>
    queryOptions({
      queryKey: [...periodKeys.overviews(), query] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(periodOverview, {
            query: { months: query.months, ...(query.until ? { until: query.until } : {}) },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
};
