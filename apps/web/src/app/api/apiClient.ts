import type { z } from 'zod';
import { logout } from '../session/session.actions';
import { isAccessTokenExpired, isSessionOver } from '../session/session.rules';
import { readStoredSession } from '../session/session.storage';
import { sessionStore } from '../session/session.store';
import { type HttpMethod, sendRequest } from './http';

type CallOptions = {
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Calls made before signing in (the sign-in itself) carry no token and follow no session rules. */
  isPublic?: boolean;
};

/** Applies the catalogue's session rules to a failed protected call before the caller sees the failure. */
export function applySessionRules(error: unknown) {
  if (isAccessTokenExpired(error)) sessionStore.openExpiredDialog();
  else if (isSessionOver(error)) void logout();
}

async function call<Schema extends z.ZodType>(
  method: HttpMethod,
  schema: Schema,
  path: string,
  { body, signal, isPublic = false }: CallOptions = {},
): Promise<z.output<Schema>> {
  const session = isPublic ? null : readStoredSession();
  try {
    return await sendRequest(schema, { method, path, body, signal, accessToken: session?.AccessToken });
  } catch (error) {
    if (session) applySessionRules(error);
    throw error;
  }
}

export const api = {
  get: <Schema extends z.ZodType>(schema: Schema, path: string, options?: Omit<CallOptions, 'body'>) =>
    call('GET', schema, path, options),
  post: <Schema extends z.ZodType>(
    schema: Schema,
    path: string,
    body: unknown,
    options?: Omit<CallOptions, 'body'>,
  ) => call('POST', schema, path, { ...options, body }),
  put: <Schema extends z.ZodType>(
    schema: Schema,
    path: string,
    body: unknown,
    options?: Omit<CallOptions, 'body'>,
  ) => call('PUT', schema, path, { ...options, body }),
  /**
   * Every call carries the JSON content type (spec §7), and the server refuses that type with an empty
   * body, so a DELETE sends an empty object.
   */
  delete: <Schema extends z.ZodType>(schema: Schema, path: string, options?: Omit<CallOptions, 'body'>) =>
    call('DELETE', schema, path, { ...options, body: {} }),
};
