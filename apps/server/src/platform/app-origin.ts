import type { FastifyRequest } from 'fastify';

/**
 * Where a party should send the person back to: the origin the person's browser is on, so the return
 * page shares its signed-in session and stored records, whether they opened the product as localhost,
 * 127.0.0.1 or its public name. Only an origin the request proves is its own (the browser's Origin
 * header naming the host the request came to) is taken; anything else gets the configured public URL.
 */
export function appOriginOf(request: FastifyRequest, publicUrl: string): string {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return publicUrl;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return publicUrl;
  }
  const sameHost = parsed.host === request.host && parsed.protocol === `${request.protocol}:`;
  return sameHost && parsed.origin === origin ? origin : publicUrl;
}
