import { existsSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@bilag/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from './messages';

/**
 * Serves the built web app from the same port as the API. Paths the app routes itself (such as
 * /{company}/voucher) get index.html; unknown API paths get the JSON envelope.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: distDir, wildcard: true, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApiPath = request.url.startsWith('/api/') || request.url.startsWith('/health/');
    if (hasWebApp && !isApiPath && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      isSuccess: false,
      success: false,
      code: ErrorCode.NOT_FOUND,
      message: translate(request.language, 'notFound'),
    });
  });
}
