import {
  getConsentErrors,
  getConsentHistory,
  listConsentBankTemplates,
  listConsents,
} from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** While a consent reads from its bank, the list is asked again this often to show how far it got. */
export const SYNC_POLL_MS = 2000;

/**
 * Query keys and calls of a company's consents. Everything sits under the company, so one invalidation
 * of `company(companyId)` refreshes the list, the bank templates and the histories after a change.
 */
export const consentKeys = {
  all: () => ['consents'] as const,
  company: (companyId: number) => [...consentKeys.all(), companyId] as const,
  list: (companyId: number) =>
    queryOptions({
      queryKey: [...consentKeys.company(companyId), 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(listConsents, { query: { companyId }, signal })).data,
      refetchInterval: (query) =>
        query.state.data?.consents.some((consent) => consent.syncing) ? SYNC_POLL_MS : false,
    }),
  bankTemplates: (companyId: number) =>
    queryOptions({
      queryKey: [...consentKeys.company(companyId), 'bank-templates'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listConsentBankTemplates, { params: { companyId }, signal })).data,
    }),
  history: (companyId: number, consentId: number) =>
    queryOptions({
      queryKey: [...consentKeys.company(companyId), 'history', consentId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getConsentHistory, { params: { consentId }, query: { companyId }, signal })).data,
    }),
  errors: (companyId: number, consentId: number) =>
    queryOptions({
      queryKey: [...consentKeys.company(companyId), 'errors', consentId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getConsentErrors, { params: { consentId }, query: { companyId }, signal })).data,
    }),
};
