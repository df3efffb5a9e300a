import { LANGUAGE_HEADER, type Route, type RouteRequest } from '@bilag/contracts';
import { i18n } from '../../i18n';
import { readStoredLanguage } from '../../i18n/language';
import { currentSession } from '../session/session.store';
import { applySessionRules } from './apiClient';
import { ApiError, CONNECT_FAIL_CODE } from './errors';
import { routeUrl, toApiError } from './http';

/**
 * Fetches a protected file as a blob. Files need the bearer header, which an <img> or <iframe> cannot
 * send, so screens show them through an object URL made from this blob.
 */
export async function downloadBlob<R extends Route>(
  route: R,
  request: Pick<RouteRequest<R>, 'params' | 'query'>,
  signal?: AbortSignal,
): Promise<Blob> {
  const path = routeUrl(route, request);
  const session = currentSession();
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: readStoredLanguage() };
  if (session) headers.Authorization = `Bearer ${session.AccessToken}`;

  let response: Response;
  try {
    response = await fetch(path, { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: i18n.t('errors.failedToFetch') });
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = null;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
    const error = toApiError(response.status, payload);
    if (session) applySessionRules(error);
    throw error;
  }
  return response.blob();
}

/** Hands a fetched file to the browser as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns, so it is released a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
