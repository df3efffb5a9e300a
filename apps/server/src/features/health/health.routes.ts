import { Endpoint, HealthReply, InsertLogReply, InsertLogRequest } from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply';

type Options = { ping: () => Promise<void> };

export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { ping }) => {
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

  app.post(
    Endpoint.insertLog,
    {
      config: { isPublic: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['log'],
        summary: 'Record a client-side error or event',
        body: InsertLogRequest,
        response: { 200: InsertLogReply },
      },
    },
    async (request) => {
      const { level, message, url, stack } = request.body;
      request.log[level](
        {
          source: 'web-client',
          clientUrl: url,
          clientStack: stack,
          userAgent: request.headers['user-agent'],
        },
        message,
      );
      return ok(null);
    },
  );
};
