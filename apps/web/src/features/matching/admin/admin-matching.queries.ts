import { adminConnections, matchingQuality } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import type { AdminConnectionsFilter } from './admin-connections.filter';

export const adminMatchingKeys = {
  all: () => ['admin-matching'] as const,
  quality: (keyword: string | undefined) =>
    queryOptions({
      queryKey: [...adminMatchingKeys.all(), 'quality', keyword ?? ''] as const,
      queryFn: async ({ signal }) => (await api.call(matchingQuality, { query: { keyword }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  connections: (filter: AdminConnectionsFilter) =>
    queryOptions({
      queryKey: [...adminMatchingKeys.all(), 'connections', filter] as const,
      queryFn: async ({ signal }) => (await api.call(adminConnections, { query: filter, signal })).data,
      placeholderData: keepPreviousData,
    }),
};
