import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from './app';

describe('sandbox', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox();
  });
  afterAll(() => app.close());

  it('answers its health check with every party', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      parties: ['bank', 'signing', 'bank-authorisation', 'onboarding', 'card', 'peppol', 'mail'],
    });
  });

  it('marks its front page as a sandbox in the language asked for, and lists the test identities with how each ends at BankID signing and at a bank', async () => {
    const english = await app.inject({ method: 'GET', url: '/?lang=en' });
    expect(english.body).toContain('data-sandbox-banner');
    expect(english.body).toContain('No real money');
    expect(english.body).toContain('12857910093');
    expect(english.body).toContain(
      '<tr><td><code>14918310143</code></td><td>Vera Ventetid</td><td>approves</td><td>times out</td></tr>',
    );
    expect(english.body).toContain('4242 4242 4242 4242');
    expect(english.body).toContain('href="/peppol?lang=en"');
    const norwegian = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'nb-NO,nb;q=0.9' },
    });
    expect(norwegian.body).toContain('Ingen ekte penger');
    expect(norwegian.body).toContain('lang="nb"');
    expect(norwegian.body).toContain('<td>Vera Ventetid</td><td>godkjenner</td><td>tidsavbrudd</td>');
  });

  it('describes itself in OpenAPI, one tag per party', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const tags = (response.json().tags as { name: string }[]).map((tag) => tag.name);
    expect(tags).toEqual([
      'bank',
      'signing',
      'bank-authorisation',
      'onboarding',
      'card',
      'peppol',
      'mail',
      'sandbox',
    ]);
  });

  it('gives a fault asked for by header, and only for as many attempts as asked', async () => {
    const headers = { 'x-sandbox-fault': 'server-error;times=1', 'x-request-id': 'retry-me' };
    const first = await app.inject({ method: 'GET', url: '/health', headers });
    expect(first.statusCode).toBe(500);
    const second = await app.inject({ method: 'GET', url: '/health', headers });
    expect(second.statusCode).toBe(200);
    const limited = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-sandbox-fault': 'rate-limit;retry-after=3' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
  });

  it('gives a planned fault to the next requests to a path, then answers normally', async () => {
    const plan = await app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: { pathPrefix: '/health', fault: 'unavailable', times: 2 },
    });
    expect(plan.statusCode).toBe(201);
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await app.inject({ method: 'GET', url: '/health' })).statusCode);
    }
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('moves its clock by days', async () => {
    const moved = await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 10 } });
    expect(moved.json().offsetDays).toBe(10);
    const later = new Date(moved.json().now).getTime();
    expect(later - Date.now()).toBeGreaterThan(9.9 * 24 * 3600 * 1000);
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 0 } });
  });
});
