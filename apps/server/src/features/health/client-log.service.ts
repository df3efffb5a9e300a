import type { InsertLogRequest } from '@bilag/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** The user agent is a header anyone can set; the contract bounds the other fields, this bounds it. */
const MAX_USER_AGENT_LENGTH = 512;

/**
 * A failure in a person's browser goes to the server log at its own level. Anyone may send one without
 * signing in, so the line says so (`untrusted`, `source: 'web-client'`): whoever reads the log, or an
 * alert built on it, must not take its text for the server's own.
 */
export function recordClientLog(
  log: FastifyBaseLogger,
  entry: InsertLogRequest,
  userAgent: string | undefined,
) {
  log[entry.level](
    {
      untrusted: true,
      source: 'web-client',
      clientUrl: entry.url,
      clientStack: entry.stack,
      userAgent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH),
    },
    entry.message,
  );
  return null;
}
