import { Id, IsoDate, TASK_PAGE_SIZE, type TaskOverviewFilter } from '@bilag/contracts';
import { z } from 'zod';
import { defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../ui/url-filter';
import { TASK_STATUS_FILTERS } from './task.filter';

/** "1" in the address; anything else is the default of everyone's tasks. */
const OnlyMineParam = z.preprocess(
  (value) => value === '1' || value === 'true' || value === true,
  z.boolean(),
);

const TaskOverviewUrlFilterSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  companyId: Id.optional(),
  isOnlyMine: OnlyMineParam.default(false),
  dueBefore: IsoDate.optional(),
  status: z.enum(TASK_STATUS_FILTERS).default('open'),
});
export type TaskOverviewUrlFilter = z.infer<typeof TaskOverviewUrlFilterSchema>;

export const taskOverviewUrlFilter = defineUrlFilter<TaskOverviewUrlFilter>(TaskOverviewUrlFilterSchema, {
  pageNumber: PAGE_PARAMS.pageNumber,
  companyId: 'company',
  isOnlyMine: 'mine',
  dueBefore: 'due',
  status: 'status',
});

/** The overview's filter kept in the address. */
export function useTaskOverviewFilter() {
  return useUrlFilter(taskOverviewUrlFilter);
}

export function toTaskOverviewQuery(filter: TaskOverviewUrlFilter): TaskOverviewFilter {
  return {
    page: filter.pageNumber,
    pagesize: TASK_PAGE_SIZE,
    onlyMine: filter.isOnlyMine,
    status: filter.status,
    ...(filter.companyId === undefined ? {} : { companyId: filter.companyId }),
    ...(filter.dueBefore === undefined ? {} : { dueBefore: filter.dueBefore }),
  };
}
