import { LANGUAGE_HEADER } from '@bilag/contracts';
import type { z } from 'zod';
import { i18n } from '../../i18n';
import { readStoredLanguage } from '../../i18n/language';
import { readStoredSession } from '../session/session.storage';
import { applySessionRules } from './apiClient';
import { ApiError, CONNECT_FAIL_CODE, ContractMismatchError } from './errors';
import { toApiError } from './http';

export type UploadProgress = {
  loadedBytes: number;
  totalBytes: number;
  /** 0 to 100; the share of the request body sent so far. */
  percent: number;
};

export type UploadRequest = {
  path: string;
  /** POST makes a record of the file; PUT attaches files to a record that exists. */
  method?: 'POST' | 'PUT';
  /** Plain form fields sent beside the files. */
  fields: Record<string, string | number | boolean>;
  fileField: string;
  files: readonly File[];
  signal?: AbortSignal | undefined;
  onProgress?: (progress: UploadProgress) => void;
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
export function uploadFile<Schema extends z.ZodType>(
  schema: Schema,
  { path, method = 'POST', fields, fileField, files, signal, onProgress }: UploadRequest,
): Promise<z.output<Schema>> {
  const session = readStoredSession();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(fileField, file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader(LANGUAGE_HEADER, readStoredLanguage());
    if (session) request.setRequestHeader('Authorization', `Bearer ${session.AccessToken}`);

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
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        reject(new ContractMismatchError(`${method} ${path}`, parsed.error.issues));
        return;
      }
      resolve(parsed.data);
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
