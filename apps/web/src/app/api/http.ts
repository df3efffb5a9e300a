import {
  ErrorReply,
  EVENT_STREAM_REPLY,
  FILE_REPLY,
  LANGUAGE_HEADER,
  type Route,
  type RouteReply,
  type RouteRequest,
  routePath,
  routeQueryString,
} from '@bilag/contracts';
import { i18n } from '../../i18n';
import { readStoredLanguage } from '../../i18n/language';
import { ApiError, CONNECT_FAIL_CODE, ContractMismatchError } from './errors';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toApiError(status: number, payload: unknown): ApiError {
  const reply = ErrorReply.safeParse(payload);
  if (reply.success) {
    return new ApiError({
      status,
      code: reply.data.code,
      message: reply.data.message,
      errorType: reply.data.errorType,
      data: reply.data.data,
    });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: i18n.t('errors.unexpected') });
}

/** The URL of a declared call with its path parameters and query filled in. */
export function routeUrl(route: Route, request: { params?: unknown; query?: unknown } = {}): string {
  return `${routePath(route, asRecord(request.params))}${routeQueryString(asRecord(request.query))}`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export type RouteCall<R extends Route> = RouteRequest<R> & {
  signal?: AbortSignal | undefined;
  /**
   * For calls that move money: the key that makes a retry of the same action act once. Give the same key
   * when the person repeats the same action (a retry after a lost answer); by default each call gets a
   * new one.
   */
  idempotencyKey?: string | undefined;
};

/**
 * One declared call with the given access token, or none: the URL from its path and query, the headers
 * every call carries, the catalogue's failure rules, and the reply parsed with its reply schema. Session
 * rules live one level up, in the api client; the session's own calls (sign-out, token renewal) come
 * here directly, so a failure of theirs cannot start the session rules again. Every call carries the
 * JSON content type (spec §7), and the server refuses that type with an empty body, so a call without a
 * body sends an empty object.
 */
export async function sendRoute<R extends Route>(
  route: R,
  request: RouteCall<R>,
  accessToken: string | undefined,
): Promise<RouteReply<R>> {
  const { method, reply } = route;
  const path = routeUrl(route, request);
  if (reply === FILE_REPLY)
    throw new Error(`${method} ${route.path} answers with a file; download it instead`);
  if (reply === EVENT_STREAM_REPLY)
    throw new Error(`${method} ${route.path} answers with an event stream; open it as a stream instead`);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [LANGUAGE_HEADER]: readStoredLanguage(),
  };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (route.idempotent) headers['Idempotency-Key'] = request.idempotencyKey ?? crypto.randomUUID();

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: i18n.t('errors.failedToFetch') });
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  const parsed = reply.safeParse(payload);
  if (!parsed.success) throw new ContractMismatchError(`${method} ${path}`, parsed.error.issues);
  return parsed.data as RouteReply<R>;
}
