import { type EhfReport, listEhfReports } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

export const REPORT_PAGE_SIZE = 20;
/** How often the list is read again while a report is being made. */
const PROGRESS_POLL_MS = 1_500;

const isInProgress = (report: EhfReport) => report.state === 'queued' || report.state === 'running';

export const reportKeys = {
  all: () => ['ehf-reports'] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...reportKeys.all(), 'list', page] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listEhfReports, { query: { page, pageSize: REPORT_PAGE_SIZE }, signal })).data,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.rows.some(isInProgress) ? PROGRESS_POLL_MS : false),
    }),
};
