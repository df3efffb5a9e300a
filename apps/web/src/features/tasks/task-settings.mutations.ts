import {
  addGlobalTaskTemplate,
  addTaskLabel,
  addTaskTemplate,
  deleteGlobalTaskTemplate,
  deleteTaskLabel,
  deleteTaskTemplate,
  type TaskLabel,
  type TaskLabelColor,
  type TaskTemplate,
  type TaskTemplateFields,
  updateGlobalTaskTemplate,
  updateTaskLabel,
  updateTaskTemplate,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { taskKeys } from './task.queries';

export type TaskLabelInput = { name: string; color: TaskLabelColor };

/** Adds a label (no id) or changes one; a refusal is the server's message in a toast. */
export function useSaveTaskLabelMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: TaskLabelInput }) =>
      id === null
        ? (await api.call(addTaskLabel, { body: { ...input, companyId } })).data
        : (await api.call(updateTaskLabel, { params: { id }, body: { ...input, companyId } })).data,
    onSuccess: (label, { id }) => {
      // Tasks show their labels' names and colours, so they are read again too.
      void queryClient.invalidateQueries({ queryKey: taskKeys.company(companyId) });
      toast(ToastType.success, i18n.t(id === null ? 'tasks.labels.added' : 'tasks.labels.saved', label));
    },
    onError: toastFailure,
  });
}

export function useDeleteTaskLabelMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: TaskLabel) => {
      await api.call(deleteTaskLabel, { params: { id: label.id }, query: { companyId } });
      return label;
    },
    onSuccess: (label) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.company(companyId) });
      toast(ToastType.success, i18n.t('tasks.labels.deleted', { name: label.name }));
    },
    onError: toastFailure,
  });
}

/** Whose templates a screen keeps: one company's, or the global ones every company is offered. */
export type TemplateScope = { kind: 'company'; companyId: number } | { kind: 'global' };

async function saveTemplate(scope: TemplateScope, id: number | null, fields: TaskTemplateFields) {
  if (scope.kind === 'global') {
    return id === null
      ? (await api.call(addGlobalTaskTemplate, { body: fields })).data
      : (await api.call(updateGlobalTaskTemplate, { params: { id }, body: fields })).data;
  }
  const body = { ...fields, companyId: scope.companyId };
  return id === null
    ? (await api.call(addTaskTemplate, { body })).data
    : (await api.call(updateTaskTemplate, { params: { id }, body })).data;
}

async function removeTemplate(scope: TemplateScope, template: TaskTemplate) {
  if (scope.kind === 'global') await api.call(deleteGlobalTaskTemplate, { params: { id: template.id } });
  else
    await api.call(deleteTaskTemplate, {
      params: { id: template.id },
      query: { companyId: scope.companyId },
    });
}

/** Global templates show in every company's template list, so a change to them refreshes all. */
function templateQueryKey(scope: TemplateScope) {
  return scope.kind === 'global' ? taskKeys.all() : taskKeys.company(scope.companyId);
}

export function useSaveTaskTemplateMutation(scope: TemplateScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: TaskTemplateFields }) =>
      saveTemplate(scope, id, fields),
    onSuccess: (template, { id }) => {
      void queryClient.invalidateQueries({ queryKey: templateQueryKey(scope) });
      toast(
        ToastType.success,
        i18n.t(id === null ? 'tasks.templates.added' : 'tasks.templates.saved', { title: template.title }),
      );
    },
    onError: toastFailure,
  });
}

export function useDeleteTaskTemplateMutation(scope: TemplateScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (template: TaskTemplate) => {
      await removeTemplate(scope, template);
      return template;
    },
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: templateQueryKey(scope) });
      toast(ToastType.success, i18n.t('tasks.templates.deleted', { title: template.title }));
    },
    onError: toastFailure,
  });
}
