import { EmptyReply, route, routeTable } from '@bilag/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { OPENAPI_PREFIX } from './auth';
import { registerRoute, requireDeclaredRoutes } from './route';

describe('the route table', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('has every declared call registered by the server', () => {
    const missing = Object.entries(routeTable)
      .filter(([, declared]) => !context.app.hasRoute({ method: declared.method, url: declared.path }))
      .map(([name, declared]) => `${name}: ${declared.method} ${declared.path}`);
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = Object.values(routeTable).map((declared) => `${declared.method} ${declared.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('describes every declared call in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: `${OPENAPI_PREFIX}/json` });
    const paths: Record<string, Record<string, unknown>> = response.json().paths;
    const undocumented = Object.entries(routeTable)
      .filter(([, declared]) => {
        const openApiPath = declared.path.replace(/:([A-Za-z]+)/g, '{$1}');
        return !paths[openApiPath]?.[declared.method.toLowerCase()];
      })
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it('refuses a path the router cannot decode in the shape of the call it was meant for', async () => {
    // %ED%A0%80 is a lone surrogate's bytes: not UTF-8, so the router refuses before any route runs.
    const v2 = await context.app.inject({
      method: 'PUT',
      url: '/api/consent/v2/%ED%A0%80/renew',
      payload: {},
    });
    expect(v2.statusCode).toBe(400);
    expect(v2.json()).toMatchObject({ code: 400, errors: [{ code: 'VALIDATION_FAILED' }] });
    const envelope = await context.app.inject({ method: 'GET', url: '/api/main/voucher/%ED%A0%80' });
    expect(envelope.statusCode).toBe(400);
    expect(envelope.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_FAILED' });
  });
});

describe('an API route without a declaration', () => {
  function appWithGuard() {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    requireDeclaredRoutes(app, OPENAPI_PREFIX);
    return app;
  }

  it('stops the server from starting', async () => {
    const app = appWithGuard();
    expect(() => app.get('/api/main/undeclared', async () => ({}))).toThrow(/without a declaration/);
    await app.close();
  });

  it('is not needed outside the API', async () => {
    const app = appWithGuard();
    app.get('/health/live', async () => ({ status: 'ok' }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('is what registerRoute supplies', async () => {
    const app = appWithGuard();
    const declared = route({
      method: 'GET',
      path: '/api/main/declared',
      access: 'public',
      reply: EmptyReply,
      summary: 'A declared call',
      tags: ['test'],
    });
    registerRoute(app, declared, () => null);
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/main/declared' });
    expect(response.json()).toEqual({ isSuccess: true, success: true, message: '', data: null });
    await app.close();
  });
});
