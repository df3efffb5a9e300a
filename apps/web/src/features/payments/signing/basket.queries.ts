import { basketPayments } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

/**
 * A basket is named by its UUID alone (the return pages do not know the company), so its queries sit
 * apart from the company's payment queries.
 */
export const basketKeys = {
  all: () => ['baskets'] as const,
  basket: (basketUUID: string) =>
    queryOptions({
      queryKey: [...basketKeys.all(), basketUUID] as const,
      queryFn: async ({ signal }) =>
        (await api.call(basketPayments, { params: { basketUUID }, signal })).data,
    }),
};
