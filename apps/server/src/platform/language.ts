import { LANGUAGE_HEADER, type Language, normalizeLanguage } from '@bilag/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** The language header chosen by the client wins; Accept-Language is the fallback for plain HTTP clients. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers[LANGUAGE_HEADER];
  const chosen = Array.isArray(explicit) ? explicit[0] : explicit;
  return normalizeLanguage(chosen ?? request.headers['accept-language']);
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = requestLanguage(request);
  });
});
