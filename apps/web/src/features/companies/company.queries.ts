import { type Company, Endpoint, endpointPath, GetCompanyReply, ListCompaniesReply } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

export const companyKeys = {
  all: () => ['companies'] as const,
  lists: () => [...companyKeys.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: [...companyKeys.lists()] as const,
      queryFn: async ({ signal }) =>
        (await api.get(ListCompaniesReply, Endpoint.listCompanies, { signal })).data,
      select: (data) => ({ ...data, rows: sortByName(data.rows) }),
    }),
  details: () => [...companyKeys.all(), 'detail'] as const,
  detail: (companyId: number) =>
    queryOptions({
      queryKey: [...companyKeys.details(), companyId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(GetCompanyReply, endpointPath(Endpoint.getCompany, { companyId }), { signal })).data,
    }),
};

function sortByName(companies: Company[]): Company[] {
  return [...companies].sort((first, second) => first.Name.localeCompare(second.Name, 'nb'));
}

/** Company routes are /{Alias}/…; the alias is the company's URL slug. */
export function companyPath(company: Pick<Company, 'Alias'>, subPath = ''): string {
  return `/${encodeURIComponent(company.Alias)}/${subPath}`;
}

export function findCompanyByAlias(companies: Company[], alias: string): Company | undefined {
  const wanted = alias.toLowerCase();
  return companies.find((company) => company.Alias.toLowerCase() === wanted);
}
