import { type Company, getCompany, listCompanies } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

export const companyKeys = {
  all: () => ['companies'] as const,
  lists: () => [...companyKeys.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: [...companyKeys.lists()] as const,
      queryFn: async ({ signal }) => (await api.call(listCompanies, { signal })).data,
      select: (data) => ({ ...data, rows: sortByName(data.rows) }),
    }),
  details: () => [...companyKeys.all(), 'detail'] as const,
  detail: (companyId: number) =>
    queryOptions({
      queryKey: [...companyKeys.details(), companyId] as const,
      queryFn: async ({ signal }) => (await api.call(getCompany, { params: { companyId }, signal })).data,
    }),
};

function sortByName(companies: Company[]): Company[] {
  return [...companies].sort((first, second) => first.Name.localeCompare(second.Name, 'nb'));
}

export function findCompanyByAlias(companies: Company[], alias: string): Company | undefined {
  const wanted = alias.toLowerCase();
  return companies.find((company) => company.Alias.toLowerCase() === wanted);
}
