import { bankImports, importJob } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { transactionKeys } from '../transactions';

/** How often a running import is asked how far it has come. */
const IMPORT_POLL_MS = 500;

/**
 * Query keys and calls of the import screens. An import and its undoing change the company's
 * transactions, so the imports sit under the transactions' company key: one invalidation refreshes both.
 */
export const importKeys = {
  company: (companyId: number) => [...transactionKeys.company(companyId), 'imports'] as const,
  list: (companyId: number, companyBankId: number, pageNumber: number) =>
    queryOptions({
      queryKey: [...importKeys.company(companyId), 'list', companyBankId, pageNumber] as const,
      queryFn: async ({ signal }) =>
        (await api.call(bankImports, { query: { companyId, companyBankId, pageNumber }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  /** A running import's job, asked again every half second until it has ended. */
  job: (companyId: number, jobId: number) =>
    queryOptions({
      queryKey: [...importKeys.company(companyId), 'job', jobId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(importJob, { params: { jobId }, query: { companyId }, signal })).data,
      refetchInterval: (query) => {
        const status = query.state.data?.Status;
        return status === 'completed' || status === 'failed' ? false : IMPORT_POLL_MS;
      },
    }),
};
