import { getCompanySettings, getOnboarding, type Language } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/**
 * Query keys and calls of a company's settings page. The steps' texts come from the server in the
 * person's language, so the language is part of their key and a switch fetches them again.
 */
export const settingsKeys = {
  all: () => ['settings'] as const,
  company: (companyId: number) => [...settingsKeys.all(), companyId] as const,
  allSteps: (companyId: number) => [...settingsKeys.company(companyId), 'steps'] as const,
  steps: (companyId: number, language: Language) =>
    queryOptions({
      queryKey: [...settingsKeys.allSteps(companyId), language] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getCompanySettings, { params: { companyId }, signal })).data,
    }),
  /** A pending onboarding is asked of the provider again on every fetch, so "check again" refetches it. */
  onboarding: (companyId: number) =>
    queryOptions({
      queryKey: [...settingsKeys.company(companyId), 'onboarding'] as const,
      queryFn: async ({ signal }) => (await api.call(getOnboarding, { params: { companyId }, signal })).data,
    }),
};
