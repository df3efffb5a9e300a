import { randomUUID } from 'node:crypto';
import {
  LANGUAGE_HEADER,
  login,
  type Route,
  type RouteData,
  type RouteRequest,
  routePath,
  routeQueryString,
} from '@bilag/contracts';

/**
 * The product's calls over real HTTP, as the web app makes them, for tests and benchmarks that run the
 * product as a process or on a port, where `app.inject` does not reach.
 */

/** A signed-in person's browser at the product. */
export type Browser = { baseUrl: string; accessToken: string };

/** The answer of a call that did not succeed, with the envelope the product sent. */
export class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(payload)}`);
  }
}

type Call<R extends Route> = RouteRequest<R> & { idempotencyKey?: string };

/** One declared call, its reply parsed with the declaration; a non-2xx answer throws CallFailed. */
export async function call<R extends Route>(
  browser: Pick<Browser, 'baseUrl'> & { accessToken?: string },
  route: R,
  request: Call<R>,
): Promise<RouteData<R>> {
  const url = `${browser.baseUrl}${routePath(route, (request.params ?? {}) as Record<string, unknown>)}${routeQueryString((request.query ?? {}) as Record<string, unknown>)}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'en' };
  if (browser.accessToken) headers.authorization = `Bearer ${browser.accessToken}`;
  if (route.idempotent) headers['idempotency-key'] = request.idempotencyKey ?? randomUUID();
  const response = await fetch(url, {
    method: route.method,
    headers,
    ...(route.method === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) }),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CallFailed(response.status, payload, `${route.method} ${url}`);
  if (typeof route.reply === 'string')
    throw new Error(`${route.path} answers with a file or an event stream`);
  return (route.reply.parse(payload) as { data: RouteData<R> }).data;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<Browser> {
  const session = await call({ baseUrl }, login, { body: { email, password } });
  return { baseUrl, accessToken: session.AccessToken };
}
