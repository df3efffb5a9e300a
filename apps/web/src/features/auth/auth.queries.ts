import { checkLogin, roleActions } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** The product name the account service keeps role actions under for this web app. */
export const WEB_PRODUCT = 'web';

export const authKeys = {
  all: () => ['auth'] as const,
  currentUser: () =>
    queryOptions({
      queryKey: [...authKeys.all(), 'current-user'] as const,
      queryFn: async ({ signal }) => (await api.call(checkLogin, { signal })).data,
      staleTime: 5 * 60_000,
    }),
  roleActions: (product: string = WEB_PRODUCT) =>
    queryOptions({
      queryKey: [...authKeys.all(), 'role-actions', product] as const,
      queryFn: async ({ signal }) => (await api.call(roleActions, { params: { product }, signal })).data,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
