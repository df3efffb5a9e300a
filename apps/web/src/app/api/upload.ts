import { LANGUAGE_HEADER, type Route, type RouteReply, type RouteRequest } from '@bilag/contracts';
import { i18n } from '../../i18n';
import { readStoredLanguage } from '../../i18n/language';
import { currentSession } from '../session/session.store';
import { applySessionRules } from './apiClient';
import { ApiError, CONNECT_FAIL_CODE, ContractMismatchError } from './errors';
import { routeUrl, toApiError } from './http';

export type UploadProgress = {
  loadedBytes: number;
  totalBytes: number;
  /** 0 to 100; the share of the request body sent so far. */
  percent: number;
};

export type UploadRequest<R extends Route> = Pick<RouteRequest<R>, 'params'> & {
  /** Plain form fields sent beside the files (the route's body, as text). */
  fields: Record<string, string | number | boolean>;
  fileField: string;
  files: readonly File[];
  signal?: AbortSignal | undefined;
  onProgress?: (progress: UploadProgress) => void;
  /** Uploads as the holder of this token instead of the signed-in user (see `api.callWithToken`). */
  accessToken?: string | undefined;
};

function readJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads files as multipart form data, each under the same field name. XMLHttpRequest rather than
 * fetch, because only it reports how far the upload has come. Headers, failure mapping and session
 * rules are those of every other call.
 */
export function uploadFile<R extends Route>(
  route: R,
  { params, fields, fileField, files, signal, onProgress, accessToken }: UploadRequest<R>,
): Promise<RouteReply<R>> {
  const { method, reply: replySchema } = route;
  if (typeof replySchema === 'string')
    return Promise.reject(new Error(`${method} ${route.path} answers with a file or an event stream`));
  const path = routeUrl(route, { params });
  const session = accessToken === undefined ? currentSession() : null;
  const bearer = accessToken ?? session?.AccessToken;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(fileField, file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader(LANGUAGE_HEADER, readStoredLanguage());
    if (bearer) request.setRequestHeader('Authorization', `Bearer ${bearer}`);
    if (route.idempotent) request.setRequestHeader('Idempotency-Key', crypto.randomUUID());

    function fail(error: unknown) {
      if (session) applySessionRules(error);
      reject(error);
    }

    request.upload.addEventListener('progress', (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({
        loadedBytes: event.loaded,
        totalBytes: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    });
    request.addEventListener('load', () => {
      const payload = readJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        fail(toApiError(request.status, payload));
        return;
      }
      const parsed = replySchema.safeParse(payload);
      if (!parsed.success) {
        reject(new ContractMismatchError(`${method} ${path}`, parsed.error.issues));
        return;
      }
      resolve(parsed.data as RouteReply<R>);
    });
    request.addEventListener('error', () => {
      fail(new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: i18n.t('errors.failedToFetch') }));
    });
    request.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });

    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
