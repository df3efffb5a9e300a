import Fastify from 'fastify';

/** The stand-in for the external parties (banks, signing, card payments, PEPPOL) on one machine. */
export function buildSandbox() {
  const app = Fastify({
    logger: process.env.NODE_ENV === 'test' ? false : { level: process.env.LOG_LEVEL ?? 'info' },
  });
  app.get('/health', async () => ({ status: 'ok', parties: [] as string[] }));
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><title>Bilag sandbox</title></head><body><h1>Bilag sandbox</h1><p>Plays the external parties for development and tests.</p></body></html>',
      ),
  );
  return app;
}
