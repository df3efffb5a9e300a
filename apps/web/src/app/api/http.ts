import { ErrorReply, LANGUAGE_HEADER } from '@bilag/contracts';
import type { z } from 'zod';
import { i18n } from '../../i18n';
import { readStoredLanguage } from '../../i18n/language';
import { ApiError, CONNECT_FAIL_CODE, ContractMismatchError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type HttpRequest = {
  method: HttpMethod;
  path: string;
  body?: unknown;
  accessToken?: string | undefined;
  signal?: AbortSignal | undefined;
};

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
    });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: i18n.t('errors.unexpected') });
}

/**
 * One call to the product's API: the headers every call carries, the catalogue's failure rules, and
 * the reply parsed with its contract. Session rules live one level up, in the api client.
 */
export async function sendRequest<Schema extends z.ZodType>(
  schema: Schema,
  request: HttpRequest,
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [LANGUAGE_HEADER]: readStoredLanguage(),
  };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;

  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: i18n.t('errors.failedToFetch') });
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new ContractMismatchError(`${request.method} ${request.path}`, parsed.error.issues);
  return parsed.data;
}
