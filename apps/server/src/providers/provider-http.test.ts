import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenSandbox, noWait, type RunningSandbox } from '../test/sandbox';
import { ProviderError } from './provider-error';
import { createProviderHttp, retryAfterMs } from './provider-http';

describe('the transport every provider client shares, against the sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await givenSandbox();
  });
  afterAll(() => sandbox.close());

  const http = (overrides: Partial<Parameters<typeof createProviderHttp>[0]> = {}) =>
    createProviderHttp({ party: 'bank', baseUrl: sandbox.url, sleep: noWait, ...overrides });

  it('retries a 5xx with the same request id until the party answers', async () => {
    const response = await http().send({
      method: 'GET',
      path: '/health',
      headers: { 'x-sandbox-fault': 'server-error;times=2' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok' });
  });

  it('gives up after its attempts with an unavailable error, never a raw failure', async () => {
    const failure = await http()
      .send({ method: 'GET', path: '/health', headers: { 'x-sandbox-fault': 'server-error' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ party: 'bank', failure: 'unavailable', status: 500 });
  });

  it('waits as long as Retry-After says on 429, and fails at once when asked to wait too long', async () => {
    const waits: number[] = [];
    const patient = http({ sleep: async (ms) => void waits.push(ms) });
    const answered = await patient.send({
      method: 'GET',
      path: '/health',
      headers: { 'x-sandbox-fault': 'rate-limit;retry-after=2;times=1' },
    });
    expect(answered.status).toBe(200);
    expect(waits).toEqual([2000]);

    const failure = await http({ maxRetryAfterMs: 1000 })
      .send({ method: 'GET', path: '/health', headers: { 'x-sandbox-fault': 'rate-limit;retry-after=30' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'unavailable', status: 429, retryAfterSeconds: 30 });
  });

  it('does not repeat a POST without an idempotency key after a 500, but does with one', async () => {
    const once = await http()
      .send({ method: 'POST', path: '/health', headers: { 'x-sandbox-fault': 'server-error;times=1' } })
      .catch((error: unknown) => error);
    expect(once).toMatchObject({ failure: 'unavailable', status: 500 });

    const withKey = await http()
      .send({
        method: 'POST',
        path: '/sandbox/faults',
        json: { pathPrefix: '/nowhere', fault: 'slow=1' },
        idempotencyKey: crypto.randomUUID(),
        headers: { 'x-sandbox-fault': 'server-error;times=1' },
      })
      .catch((error: unknown) => error);
    expect(withKey).toMatchObject({ status: 201 });
  });

  it('times out a slow answer and reports the party as unavailable', async () => {
    const failure = await http({ timeoutMs: 200, maxAttempts: 1 })
      .send({ method: 'GET', path: '/health', headers: { 'x-sandbox-fault': 'slow=2000' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'unavailable', status: undefined });
  });

  it('reports a party that is not there as unavailable', async () => {
    const failure = await createProviderHttp({
      party: 'card',
      baseUrl: 'http://127.0.0.1:9',
      sleep: noWait,
    })
      .send({ method: 'GET', path: '/v1/anything' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'card', failure: 'unavailable' });
  });

  it('hands statuses the caller reads itself back as answers', async () => {
    const response = await http().send({ method: 'GET', path: '/no-such-call', accept: [404] });
    expect(response.status).toBe(404);
    const failure = await http()
      .send({ method: 'GET', path: '/no-such-call' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'rejected', status: 404 });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000 + 5000).toUTCString(), 10_000)).toBeLessThanOrEqual(5000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
