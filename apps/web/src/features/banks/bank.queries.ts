import {
  type BalanceQuery,
  bankBalance,
  banks,
  banksByFilter,
  companyBanks,
  listConsentAccountList,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** The registry changes only when an administrator edits it, so a fetched copy stays fresh a while. */
const REGISTRY_STALE_MS = 5 * 60_000;

export type BalancePeriodQuery = Required<
  Pick<BalanceQuery, 'accountNumber' | 'balanceType' | 'ibDate' | 'ubDate'>
>;

/**
 * Query keys and calls of the bank registry. Every registry query sits under `all()`, so an
 * administrator's change refreshes the lists and the account-number look-ups in one invalidation.
 */
export const bankKeys = {
  all: () => ['banks'] as const,
  list: () =>
    queryOptions({
      queryKey: [...bankKeys.all(), 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(banks, { signal })).data,
      staleTime: REGISTRY_STALE_MS,
    }),
  /** The bank an account number belongs to, found by its first four digits; null when the registry has none. */
  byAccountNumber: (accountNumber: string) =>
    queryOptions({
      queryKey: [...bankKeys.all(), 'by-account-number', accountNumber] as const,
      queryFn: async ({ signal }) =>
        (await api.call(banksByFilter, { query: { accountNumber }, signal })).data,
      staleTime: REGISTRY_STALE_MS,
    }),
};

/**
 * Query keys and calls of a company's bank accounts. Everything sits under the company, so one
 * invalidation of `company(companyId)` refreshes the accounts and their balances after a change.
 */
export const companyBankKeys = {
  all: () => ['company-banks'] as const,
  company: (companyId: number) => [...companyBankKeys.all(), companyId] as const,
  list: (companyId: number) =>
    queryOptions({
      queryKey: [...companyBankKeys.company(companyId), 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(companyBanks, { query: { companyId }, signal })).data,
    }),
  balance: (companyId: number, query: BalancePeriodQuery) =>
    queryOptions({
      queryKey: [...companyBankKeys.company(companyId), 'balance', query] as const,
      queryFn: async ({ signal }) =>
        (await api.call(bankBalance, { query: { companyId, ...query }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  /** The accounts the company's bank consents read, each with the bank's latest closing booked balance. */
  bankReadAccounts: (companyId: number) =>
    queryOptions({
      queryKey: [...companyBankKeys.company(companyId), 'bank-read'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listConsentAccountList, { query: { companyId }, signal })).data,
    }),
};
