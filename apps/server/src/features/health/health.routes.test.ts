import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, openTestDatabase, testConfig } from '../../test/test-app';

describe('health, logging and documentation', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('reports the process alive and the database ready', async () => {
    const live = await context.app.inject({ method: 'GET', url: '/health/live' });
    const ready = await context.app.inject({ method: 'GET', url: '/health/ready' });
    expect(live.json().status).toBe('ok');
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('accepts a client log line without sign-in and refuses an unknown level', async () => {
    const accepted = await context.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: { level: 'error', message: 'render failed', url: 'https://bilag.example/x' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().isSuccess).toBe(true);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: { level: 'panic', message: 'x' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a client log line whose message, url or stack is over its bound with 400', async () => {
    const oversized = [
      { level: 'error', message: 'x'.repeat(4001) },
      { level: 'error', message: 'x', url: `https://bilag.example/${'x'.repeat(2000)}` },
      { level: 'error', message: 'x', stack: 'x'.repeat(8001) },
    ];
    for (const payload of oversized) {
      const response = await context.app.inject({ method: 'POST', url: '/api/log', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('writes a client log line marked as untrusted and from the web client, with the user agent bounded', async () => {
    // createTestApp silences the log; this app writes its log lines where the test can read them.
    const lines: string[] = [];
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-test-log-'));
    const app = await buildApp({
      config: testConfig({ dataDir }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      const response = await app.inject({
        method: 'POST',
        url: '/api/log',
        headers: { 'user-agent': 'u'.repeat(5000) },
        payload: { level: 'error', message: 'render failed', url: 'https://bilag.example/x', stack: 'at x' },
      });
      expect(response.statusCode).toBe(200);
      const entry = lines
        .map((line) => JSON.parse(line))
        .find((logged: { msg?: string }) => logged.msg === 'render failed');
      expect(entry).toMatchObject({
        untrusted: true,
        source: 'web-client',
        clientUrl: 'https://bilag.example/x',
        clientStack: 'at x',
      });
      expect(entry.userAgent.length).toBeLessThanOrEqual(512);
    } finally {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers an unknown API path with the JSON envelope in the caller language', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/main/nothing-here',
      headers: { language: 'no' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      isSuccess: false,
      code: 'NOT_FOUND',
      message: 'Fant ikke det du ba om.',
    });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: { level: 'info', message: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes an OpenAPI description generated from the contracts', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/check-login',
        '/api/account/refresh-token',
        '/api/main/company/{companyId}',
      ]),
    );
    expect(
      document.paths['/api/account/check-login'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('email');
  });
});
