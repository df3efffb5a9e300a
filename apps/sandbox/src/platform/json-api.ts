import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The shared ways of the sandbox's JSON APIs that answer errors as `{ statusCode, code, message }` and
 * let callers in by the X-Api-Key header.
 */

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * An onRequest hook that turns away, with 401, a caller without the party's API key. Digests are
 * compared, so neither the key's length nor its first wrong character shows in the time taken.
 */
export function requireApiKey(apiKey: string) {
  const expectedKey = digest(apiKey);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expectedKey)) {
      return reply
        .code(401)
        .send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Missing or wrong X-Api-Key' });
    }
  };
}

/** Every error in the API's own shape, so a client reads `{ statusCode, code, message }` whatever went wrong. */
export function answerJsonError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({ statusCode: 400, code: 'INVALID_REQUEST', message: error.message });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 500) {
    return reply.code(status).send({ statusCode: status, code: 'INVALID_REQUEST', message: error.message });
  }
  request.log.error(error);
  return reply.code(500).send({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal error' });
}
