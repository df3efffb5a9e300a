import {
  divisionByOrganisationNumber,
  listCompanyServices,
  listDivisions,
  menuServices,
} from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/**
 * Query keys and calls of a company's services. The list and the menu's services sit under the company,
 * so a change refreshes both.
 */
export const companyServiceKeys = {
  all: () => ['company-services'] as const,
  company: (companyId: number) => [...companyServiceKeys.all(), companyId] as const,
  list: (companyId: number) =>
    queryOptions({
      queryKey: [...companyServiceKeys.company(companyId), 'list'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listCompanyServices, { query: { companyId }, signal })).data.services,
    }),
  menu: (companyId: number) =>
    queryOptions({
      queryKey: [...companyServiceKeys.company(companyId), 'menu'] as const,
      queryFn: async ({ signal }) => (await api.call(menuServices, { query: { companyId }, signal })).data,
    }),
};

export const divisionKeys = {
  all: () => ['divisions'] as const,
  company: (companyId: number) => [...divisionKeys.all(), companyId] as const,
  list: (companyId: number) =>
    queryOptions({
      queryKey: [...divisionKeys.company(companyId), 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(listDivisions, { query: { companyId }, signal })).data,
    }),
  /** The division with the organisation number (nine digits); a 404 says the company has none. */
  byOrganisationNumber: (companyId: number, organisationNumber: string) =>
    queryOptions({
      queryKey: [...divisionKeys.company(companyId), 'by-organisation-number', organisationNumber] as const,
      queryFn: async ({ signal }) =>
        (await api.call(divisionByOrganisationNumber, { query: { companyId, organisationNumber }, signal }))
          .data,
      retry: false,
    }),
};
