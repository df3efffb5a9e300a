import { AdminConnectionsQuery } from '@bilag/contracts';
import type { z } from 'zod';
import { defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../../ui/url-filter';

export type AdminConnectionsFilter = z.infer<typeof AdminConnectionsQuery>;

const adminConnectionsFilter = defineUrlFilter<AdminConnectionsFilter>(AdminConnectionsQuery, {
  companyId: 'company',
  source: 'source',
  ...PAGE_PARAMS,
});

export function useAdminConnectionsFilter() {
  return useUrlFilter(adminConnectionsFilter);
}
