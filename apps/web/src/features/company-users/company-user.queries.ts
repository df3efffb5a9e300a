import { getInvitation, listAccountants, listCompanyUsers } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import type { CompanyUsersFilter } from './company-user.filter';

/**
 * Query keys and calls of a company's people. A change to a member refreshes everything under
 * `company(companyId)`, and the accountants, whose companies and responsibilities it may change.
 */
export const companyUserKeys = {
  all: () => ['company-users'] as const,
  company: (companyId: number) => [...companyUserKeys.all(), companyId] as const,
  list: (companyId: number, filter: CompanyUsersFilter) =>
    queryOptions({
      queryKey: [...companyUserKeys.company(companyId), 'list', filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listCompanyUsers, { query: { companyId, ...filter }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  accountantLists: () => [...companyUserKeys.all(), 'accountants'] as const,
  accountants: (isResponsibleOnly: boolean) =>
    queryOptions({
      queryKey: [...companyUserKeys.accountantLists(), isResponsibleOnly] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(listAccountants, {
            query: { responsibleOnly: isResponsibleOnly ? 'true' : 'false' },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  /** An invitation link's secret is kept in memory only, as the key of what the link is for. */
  invitation: (token: string) =>
    queryOptions({
      queryKey: ['invitation', token] as const,
      queryFn: async ({ signal }) => (await api.call(getInvitation, { body: { token }, signal })).data,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
