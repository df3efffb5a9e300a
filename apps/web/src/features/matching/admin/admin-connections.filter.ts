import { AdminConnectionsQuery } from '@bilag/contracts';
import type { z } from 'zod';
import { defineUrlFilter, useUrlFilter } from '../../../ui/url-filter';

export type AdminConnectionsFilter = z.infer<typeof AdminConnectionsQuery>;

const adminConnectionsFilter = defineUrlFilter<AdminConnectionsFilter>(AdminConnectionsQuery, {
  companyId: 'company',
  source: 'source',
  pageNumber: 'page',
  pageSize: 'size',
});

export function useAdminConnectionsFilter() {
  return useUrlFilter(adminConnectionsFilter);
}
