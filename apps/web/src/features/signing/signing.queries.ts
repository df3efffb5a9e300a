import { bankVerifyAccounts } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

export const signingKeys = {
  all: () => ['signing'] as const,
  company: (companyId: number) => [...signingKeys.all(), companyId] as const,
  bankVerify: (companyId: number) =>
    queryOptions({
      queryKey: [...signingKeys.company(companyId), 'bank-verify'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(bankVerifyAccounts, { params: { companyId }, signal })).data,
    }),
};
