import {
  listAssignableUsers,
  listGlobalTaskTemplates,
  listTaskLabels,
  listTasks,
  listTaskTemplates,
  taskById,
  taskOverview,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type TaskUrlFilter, toTaskListQuery } from './task.filter';
import { type TaskOverviewUrlFilter, toTaskOverviewQuery } from './task-overview.filter';

/**
 * Query keys and calls of the tasks. Everything of one company sits under `company(companyId)`, so one
 * invalidation refreshes the list, the open task, the labels and the templates after a change; the
 * bureau overview spans companies and sits under `overview()`.
 */
export const taskKeys = {
  all: () => ['tasks'] as const,
  company: (companyId: number) => [...taskKeys.all(), companyId] as const,
  lists: (companyId: number) => [...taskKeys.company(companyId), 'list'] as const,
  list: (companyId: number, filter: TaskUrlFilter) =>
    queryOptions({
      queryKey: [...taskKeys.lists(companyId), filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listTasks, { body: { companyId, ...toTaskListQuery(filter) }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, taskId: number) =>
    queryOptions({
      queryKey: [...taskKeys.company(companyId), 'detail', taskId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(taskById, { params: { id: taskId }, query: { companyId }, signal })).data,
    }),
  assignableUsers: (companyId: number) =>
    queryOptions({
      queryKey: [...taskKeys.company(companyId), 'assignable-users'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listAssignableUsers, { query: { companyId }, signal })).data,
      staleTime: 5 * 60_000,
    }),
  labels: (companyId: number) =>
    queryOptions({
      queryKey: [...taskKeys.company(companyId), 'labels'] as const,
      queryFn: async ({ signal }) => (await api.call(listTaskLabels, { query: { companyId }, signal })).data,
    }),
  templates: (companyId: number) =>
    queryOptions({
      queryKey: [...taskKeys.company(companyId), 'templates'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listTaskTemplates, { query: { companyId }, signal })).data,
    }),
  globalTemplates: () =>
    queryOptions({
      queryKey: [...taskKeys.all(), 'global-templates'] as const,
      queryFn: async ({ signal }) => (await api.call(listGlobalTaskTemplates, { signal })).data,
    }),
  overviews: () => [...taskKeys.all(), 'overview'] as const,
  overview: (filter: TaskOverviewUrlFilter) =>
    queryOptions({
      queryKey: [...taskKeys.overviews(), filter] as const,
      queryFn: async ({ signal }) =>
        (await api.call(taskOverview, { body: toTaskOverviewQuery(filter), signal })).data,
      placeholderData: keepPreviousData,
    }),
};
