import { banksAdminAutoImport } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

export const adminBankKeys = {
  all: () => ['admin-banks'] as const,
  autoImportAccounts: () =>
    queryOptions({
      queryKey: [...adminBankKeys.all(), 'auto-import-accounts'] as const,
      queryFn: async ({ signal }) => (await api.call(banksAdminAutoImport, { signal })).data,
    }),
};
