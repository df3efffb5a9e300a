import type { InsertLogRequest } from '@bilag/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** A failure in a person's browser goes to the server log, marked as the web client's, at its own level. */
export function recordClientLog(
  log: FastifyBaseLogger,
  entry: InsertLogRequest,
  userAgent: string | undefined,
) {
  log[entry.level](
    { source: 'web-client', clientUrl: entry.url, clientStack: entry.stack, userAgent },
    entry.message,
  );
  return null;
}
