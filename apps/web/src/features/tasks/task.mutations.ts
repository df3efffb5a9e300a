import {
  addTaskComment,
  type ChangeTaskStatusRequest,
  changeTaskStatus,
  createTask,
  deleteTask,
  deleteTaskComment,
  deleteTaskFile,
  moveTask,
  type Task,
  type TaskFields,
  type TaskPage,
  type UpdateTaskRequest,
  updateTask,
  updateTaskComment,
  uploadEditorImage,
  uploadTaskFiles,
} from '@bilag/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../app/api/apiClient';
import { uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import type { Neighbour } from './task.order';
import { taskKeys } from './task.queries';

/** A change to a task shows in the company's list, in the open task and in the bureau's overview. */
function refreshTasks(queryClient: QueryClient, companyId: number) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.company(companyId) });
  void queryClient.invalidateQueries({ queryKey: taskKeys.overviews() });
}

/**
 * Uploads an image of a rich text and answers the address it is shown at. The task web views upload
 * with their own token; the app's screens as the signed-in person.
 */
export async function uploadTaskEditorImage(companyId: number, file: File, accessToken?: string) {
  const reply = await uploadFile(uploadEditorImage, {
    fields: { companyId },
    fileField: 'files',
    files: [file],
    accessToken,
  });
  return reply.data.url;
}

export function useCreateTaskMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: TaskFields) =>
      (await api.call(createTask, { body: { ...fields, companyId } })).data,
    onSuccess: (task) => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.created', { title: task.title }));
    },
    onError: toastFailure,
  });
}

export type TaskChanges = Omit<UpdateTaskRequest, 'companyId'>;

export function useUpdateTaskMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: TaskChanges) =>
      (await api.call(updateTask, { params: { id: taskId }, body: { ...changes, companyId } })).data,
    onSuccess: () => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.saved'));
    },
    onError: toastFailure,
  });
}

type StatusChange = Omit<z.infer<typeof ChangeTaskStatusRequest>, 'companyId'>;

/** Start, finish or reopen; a refusal (a note or a voucher missing) is the server's message in a toast. */
export function useChangeTaskStatusMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: StatusChange) =>
      (await api.call(changeTaskStatus, { params: { id: taskId }, body: { ...change, companyId } })).data,
    onSuccess: (task) => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t(`tasks.statusChanged.${task.status}`));
    },
    onError: toastFailure,
  });
}

export type TaskMove = {
  taskId: number;
  /** The task beside which it now shows; the server finds it in the company's order when it moves it. */
  neighbour: Neighbour;
  /** The rows of the list's page in the order they show after the move. */
  shownAfterMove: Task[];
};

/**
 * Moves a task in the sort order. The list shows the new order at once; moves run one after another,
 * each placed beside its neighbour in the order its predecessors left, and the list is read again after the last of them, so
 * quick moves in a row do not jump back and forth while they are under way.
 */
export function useMoveTaskMutation(companyId: number, listKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const mutationKey = [...taskKeys.company(companyId), 'move'];
  return useMutation({
    mutationKey,
    scope: { id: `task-move-${companyId}` },
    mutationFn: async ({ taskId, neighbour }: TaskMove) =>
      (await api.call(moveTask, { params: { id: taskId }, body: { companyId, beside: neighbour } })).data,
    onMutate: async ({ shownAfterMove }: TaskMove) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData<TaskPage>(listKey, (page) => page && { ...page, rows: shownAfterMove });
    },
    onError: toastFailure,
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) refreshTasks(queryClient, companyId);
    },
  });
}

export function useDeleteTaskMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (taskId: number) =>
      (await api.call(deleteTask, { params: { id: taskId }, query: { companyId } })).data,
    onSuccess: (_reply, taskId) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(companyId, taskId).queryKey });
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.deleted'));
    },
    onError: toastFailure,
  });
}

export function useUploadTaskFilesMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) =>
      (
        await uploadFile(uploadTaskFiles, {
          params: { id: taskId },
          fields: { companyId },
          fileField: 'files',
          files,
        })
      ).data,
    onSuccess: (files) => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.files.attached', { count: files.length }));
    },
    onError: toastFailure,
  });
}

export function useDeleteTaskFileMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileId: number) =>
      (await api.call(deleteTaskFile, { params: { id: taskId, fileId }, query: { companyId } })).data,
    onSuccess: () => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.files.removed'));
    },
    onError: toastFailure,
  });
}

export function useAddTaskCommentMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.call(addTaskComment, { body: { companyId, taskId, content } })).data,
    onSuccess: () => refreshTasks(queryClient, companyId),
    onError: toastFailure,
  });
}

export function useUpdateTaskCommentMutation(companyId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, content }: { commentId: number; content: string }) =>
      (
        await api.call(updateTaskComment, {
          params: { id: commentId },
          body: { companyId, taskId, content },
        })
      ).data,
    onSuccess: () => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.comments.saved'));
    },
    onError: toastFailure,
  });
}

export function useDeleteTaskCommentMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: number) =>
      (await api.call(deleteTaskComment, { params: { id: commentId }, query: { companyId } })).data,
    onSuccess: () => {
      refreshTasks(queryClient, companyId);
      toast(ToastType.success, i18n.t('tasks.comments.deleted'));
    },
    onError: toastFailure,
  });
}
