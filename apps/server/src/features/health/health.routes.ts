import { HealthReply, insertLog } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route';
import { recordClientLog } from './client-log.service';

type Options = { ping: () => Promise<void> };

/** The /health probes are for the platform that runs the process, not API calls, so no contract declares them. */
export async function healthRoutes(app: FastifyInstance, { ping }: Options) {
  app.get(
    '/health/live',
    {
      config: { isPublic: true },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthReply } },
    },
    async () => ({ status: 'ok' as const, checks: {} }),
  );

  app.get(
    '/health/ready',
    {
      config: { isPublic: true },
      schema: {
        tags: ['health'],
        summary: 'The process can serve requests',
        response: { 200: HealthReply, 503: HealthReply },
      },
    },
    async (_request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, checks: { database: 'ok' } };
      } catch (error) {
        reply.log.warn({ err: error }, 'database not ready');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, checks: { database: 'unavailable' } });
      }
    },
  );

  registerRoute(
    app,
    insertLog,
    ({ body }, { request }) => recordClientLog(request.log, body, request.headers['user-agent']),
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
}
