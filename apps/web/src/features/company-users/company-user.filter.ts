import { CompanyUsersQuery } from '@bilag/contracts';
import { defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../ui/url-filter';

export type CompanyUsersFilter = { keyword?: string | undefined; pageNumber: number; pageSize: number };

const companyUsersFilter = defineUrlFilter<CompanyUsersFilter>(CompanyUsersQuery, {
  keyword: 'q',
  ...PAGE_PARAMS,
});

/** The search and page of the people list, kept in the address beside the tab shown. */
export function useCompanyUsersFilter() {
  return useUrlFilter(companyUsersFilter);
}
