import { describe, expect, it } from 'vitest';
import { buildSandbox } from './app';

describe('sandbox', () => {
  it('answers its health check', async () => {
    const app = buildSandbox();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
    await app.close();
  });
});
