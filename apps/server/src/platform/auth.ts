import { isAdminRole } from '@bilag/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenClaims, AccessTokens } from './access-token';
import { Errors } from './errors';

export type Principal = AccessTokenClaims;

/** The OpenAPI description and its viewer are public documentation. */
export const OPENAPI_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes are protected unless they say they are public. */
    isPublic?: boolean;
  }
}

type AuthOptions = {
  accessTokens: AccessTokens;
  isSessionActive: (sessionId: string, userId: number) => Promise<boolean>;
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Verifies the bearer token of every API route that is not marked public, and that its sign-in
 * has not been ended (logout or a detected token theft), before any handler runs.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (
      !routeUrl?.startsWith('/api/') ||
      routeUrl.startsWith(OPENAPI_PREFIX) ||
      request.routeOptions.config.isPublic
    )
      return;
    const token = bearerToken(request);
    if (!token) throw Errors.unauthenticated();
    const claims = await options.accessTokens.verify(token);
    if (!(await options.isSessionActive(claims.sessionId, claims.userId))) throw Errors.sessionOver();
    request.principal = claims;
  });
});

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw Errors.unauthenticated();
  return request.principal;
}

export function requireAdmin(request: FastifyRequest): Principal {
  const principal = requirePrincipal(request);
  if (!isAdminRole(principal.roleId)) throw Errors.adminOnly();
  return principal;
}
