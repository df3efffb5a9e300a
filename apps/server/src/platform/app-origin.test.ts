import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOriginOf } from './app-origin';

const PUBLIC_URL = 'https://bilag.example';

describe('the origin a party sends the person back to', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/origin', async (request) => ({ origin: appOriginOf(request, PUBLIC_URL) }));
    await app.ready();
  });
  afterAll(() => app.close());

  const originFor = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/origin', headers })).json().origin;

  it("is the browser's own origin when it names the host the request came to", async () => {
    expect(await originFor({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })).toBe(
      'http://127.0.0.1:3000',
    );
    expect(await originFor({ host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(
      'http://localhost:3000',
    );
  });

  it('is the public URL for another host, another scheme, a path, or no origin at all', async () => {
    expect(await originFor({ host: '127.0.0.1:3000', origin: 'http://evil.example' })).toBe(PUBLIC_URL);
    expect(await originFor({ host: '127.0.0.1:3000', origin: 'https://127.0.0.1:3000' })).toBe(PUBLIC_URL);
    expect(await originFor({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000/x' })).toBe(PUBLIC_URL);
    expect(await originFor({ host: '127.0.0.1:3000', origin: 'null' })).toBe(PUBLIC_URL);
    expect(await originFor({ host: '127.0.0.1:3000' })).toBe(PUBLIC_URL);
  });
});
