import { existsSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@bilag/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { translate } from './messages';

/**
 * Serves the built web app from the same port as the API. Paths the app routes itself (such as
 * /{company}/voucher) get index.html; unknown API paths get the JSON envelope.
 */
/** index.html is asked for again on every visit, so a new build is picked up at once. */
function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
}

/**
 * The pages an outside party sends the person back to, in the signing popup. A page with any other
 * opener policy than the party's own (none) would be put in a new browsing context group and lose
 * window.opener, which the page needs to tell the window that opened the signing what happened.
 */
const PARTY_RETURN_PATHS: readonly string[] = [
  '/sign-next',
  '/sign-cancel',
  '/ztl-payment/sca-callback',
  '/ztl-payment/cancel-callback',
];

function isPartyReturnPage(url: string): boolean {
  return PARTY_RETURN_PATHS.includes(url.split('?', 1)[0] ?? '');
}

/**
 * The build names every file under assets/ after a hash of its content, so a name always means the same
 * bytes: browsers keep them for a year without asking again, and a new build is new names.
 */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

function isHashedAsset(distDir: string, filePath: string): boolean {
  return path.relative(distDir, filePath).split(path.sep)[0] === 'assets';
}

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes each asset brotli- and gzip-compressed beside it (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('vary', 'accept-encoding');
        response.setHeader(
          'cache-control',
          isHashedAsset(distDir, filePath) ? HASHED_ASSET_CACHE : 'no-cache',
        );
      },
    });
    // The front door: the folder itself is not a file to serve, the app is.
    app.get('/', (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApiPath = request.url.startsWith('/api/') || request.url.startsWith('/health/');
    if (hasWebApp && !isApiPath && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isPartyReturnPage(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
      return sendIndex(reply);
    }
    return reply.status(404).send({
      isSuccess: false,
      success: false,
      code: ErrorCode.NOT_FOUND,
      message: translate(request.language, 'notFound'),
    });
  });
}
