import {
  addTaskComment,
  listAssignableUsers,
  type Route,
  type RouteReply,
  taskById,
  updateTask,
  updateTaskComment,
  userByTokenInBody,
} from '@bilag/contracts';
import { api } from '../../../app/api/apiClient';
import type { RouteCall } from '../../../app/api/http';
import { uploadTaskEditorImage } from '../task.mutations';
import { WEBVIEW_TOKEN_STORAGE_KEY } from './webview.query';

/** Keeps the token the web view was opened with; every call of the view then carries it. */
export function storeWebviewToken(token: string) {
  localStorage.setItem(WEBVIEW_TOKEN_STORAGE_KEY, token);
}

function storedToken(): string {
  const token = localStorage.getItem(WEBVIEW_TOKEN_STORAGE_KEY);
  if (!token) throw new Error('The task web view has no token stored');
  return token;
}

function callAsWebview<R extends Route>(route: R, request: RouteCall<R>): Promise<RouteReply<R>> {
  return api.callWithToken(storedToken(), route, request);
}

/** The calls of the task web views, each made with the stored token rather than a signed-in session. */
export const webviewApi = {
  /** Signs the view in: the person the token belongs to, or a refusal when it is not (or no longer) valid. */
  signIn: async (token: string) => (await api.call(userByTokenInBody, { body: { token } })).data,
  task: async (companyId: number, taskId: number, signal?: AbortSignal) =>
    (await callAsWebview(taskById, { params: { id: taskId }, query: { companyId }, signal })).data,
  assignableUsers: async (companyId: number, signal?: AbortSignal) =>
    (await callAsWebview(listAssignableUsers, { query: { companyId }, signal })).data,
  saveDescription: async (companyId: number, taskId: number, description: string) =>
    (await callAsWebview(updateTask, { params: { id: taskId }, body: { companyId, description } })).data,
  addComment: async (companyId: number, taskId: number, content: string) =>
    (await callAsWebview(addTaskComment, { body: { companyId, taskId, content } })).data,
  saveComment: async (companyId: number, taskId: number, commentId: number, content: string) =>
    (
      await callAsWebview(updateTaskComment, {
        params: { id: commentId },
        body: { companyId, taskId, content },
      })
    ).data,
  uploadImage: (companyId: number, file: File) => uploadTaskEditorImage(companyId, file, storedToken()),
};
