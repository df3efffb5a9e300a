import { Id } from '@bilag/contracts';
import { z } from 'zod';

/** The one place a task web view keeps the token it was opened with, so its calls can carry it. */
export const WEBVIEW_TOKEN_STORAGE_KEY = 'bilag.webview.token';

const AccessToken = z.string().trim().min(1).max(4096);

const DescriptionQuery = z.object({ companyId: Id, token: AccessToken, taskId: Id });
const CommentQuery = DescriptionQuery;
const CommentEditQuery = DescriptionQuery.extend({ commentId: Id });

export type WebviewQuery = z.infer<typeof DescriptionQuery>;
export type CommentEditWebviewQuery = z.infer<typeof CommentEditQuery>;

function read<Schema extends z.ZodType>(schema: Schema, params: URLSearchParams): z.infer<Schema> | null {
  const parsed = schema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : null;
}

/** The address of /task-description-webview: companyId, token and taskId, or null when one is missing. */
export function readDescriptionWebviewQuery(params: URLSearchParams): WebviewQuery | null {
  return read(DescriptionQuery, params);
}

/** The address of /task-comment-webview: the same parameters as the description's. */
export function readCommentWebviewQuery(params: URLSearchParams): WebviewQuery | null {
  return read(CommentQuery, params);
}

/** The address of /task-comment-edit-webview: the comment's id as well. */
export function readCommentEditWebviewQuery(params: URLSearchParams): CommentEditWebviewQuery | null {
  return read(CommentEditQuery, params);
}
