import { AdminConnectionsReply, Endpoint, MatchingQualityReply } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { queryString } from '../vouchers/voucher.queries';
import type { AdminConnectionsFilter } from './admin-connections.filter';

export const adminMatchingKeys = {
  all: () => ['admin-matching'] as const,
  quality: (keyword: string | undefined) =>
    queryOptions({
      queryKey: [...adminMatchingKeys.all(), 'quality', keyword ?? ''] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(MatchingQualityReply, `${Endpoint.matchingQuality}${queryString({ keyword })}`, {
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  connections: (filter: AdminConnectionsFilter) =>
    queryOptions({
      queryKey: [...adminMatchingKeys.all(), 'connections', filter] as const,
      queryFn: async ({ signal }) =>
        (
          await api.get(AdminConnectionsReply, `${Endpoint.adminConnections}${queryString(filter)}`, {
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
};
