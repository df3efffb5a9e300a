import { Id, TASK_PAGE_SIZE, TASK_STATUSES, type TaskListFilter } from '@bilag/contracts';
import { z } from 'zod';
import { defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../ui/url-filter';

/** What the status filter offers: the open ones (to do and in progress), each status, or every task. */
export const TASK_STATUS_FILTERS = ['open', ...TASK_STATUSES, 'all'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

const TaskUrlFilterSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(TASK_STATUS_FILTERS).default('open'),
  assigneeUserId: Id.optional(),
  labelId: Id.optional(),
  keyword: z.string().trim().max(200).optional(),
});
export type TaskUrlFilter = z.infer<typeof TaskUrlFilterSchema>;

export const taskUrlFilter = defineUrlFilter<TaskUrlFilter>(TaskUrlFilterSchema, {
  pageNumber: PAGE_PARAMS.pageNumber,
  status: 'status',
  assigneeUserId: 'assignee',
  labelId: 'label',
  keyword: 'q',
});

/** The address parameter of the task open in the drawer; notification links open a task through it. */
export const OPEN_TASK_PARAM = 'taskId';

/** The task named by the address, or none when the parameter is missing or not an id. */
export function readOpenTaskId(params: URLSearchParams): number | undefined {
  return Id.safeParse(params.get(OPEN_TASK_PARAM) ?? undefined).data;
}

/** The task list's filter kept in the address, so a reload or a shared link shows the same list. */
export function useTaskFilter() {
  return useUrlFilter(taskUrlFilter);
}

/** Whether the list shows less than the default (open tasks of everyone, any label, no search). */
export function isTaskListFiltered(filter: TaskUrlFilter): boolean {
  return (
    filter.status !== taskUrlFilter.defaults.status ||
    filter.assigneeUserId !== undefined ||
    filter.labelId !== undefined ||
    filter.keyword !== undefined
  );
}

/** The list call's filter for the filter of the address. */
export function toTaskListQuery(filter: TaskUrlFilter): Omit<TaskListFilter, 'companyId'> {
  return {
    page: filter.pageNumber,
    pagesize: TASK_PAGE_SIZE,
    status: filter.status,
    ...(filter.assigneeUserId === undefined ? {} : { assigneeUserId: filter.assigneeUserId }),
    ...(filter.labelId === undefined ? {} : { labelId: filter.labelId }),
    ...(filter.keyword ? { search: filter.keyword } : {}),
  };
}
