import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

describe('the web app on the same port', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'bilag-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Bilag</title>');
    context = await createTestApp({ webDistDir: distDir });
  });
  afterAll(async () => {
    await context.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers the routes the app handles itself with index.html, for GET and HEAD', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/nordlys-bakeri/voucher?month=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Bilag</title>');
    const head = await context.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
  });

  it('opens the app at the address the README gives, the bare host', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Bilag</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves files added after start, so a rebuilt app needs no restart', async () => {
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'assets', 'app-new.js'), 'console.log(1)');
    const asset = await context.app.inject({ method: 'GET', url: '/assets/app-new.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/main/missing-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('keeps the opener of the signing popup on the pages the signing provider and the bank return to', async () => {
    const app = await context.app.inject({ method: 'GET', url: '/nordlys-bakeri/payments/payment-list' });
    expect(app.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    for (const url of [
      '/sign-next?action=payment-auth&basketUUID=3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a12',
      '/sign-cancel?action=signant-auth',
      '/ztl-payment/sca-callback?flowId=x',
      '/ztl-payment/cancel-callback',
    ]) {
      const page = await context.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
  });

  it('sends an asset compressed as the build wrote it, in the encoding the browser takes, and lets it be kept', async () => {
    const script = `export const answer = ${JSON.stringify('x'.repeat(4096))};`;
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'assets', 'index-3fa9c2.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'index-3fa9c2.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'index-3fa9c2.js.gz'), gzipSync(script));
    const url = '/assets/index-3fa9c2.js';

    const brotli = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');

    const gzip = await context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has a file outside assets/, whose name does not change with its content, asked for again', async () => {
    writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const icon = await context.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('lets the app load over plain HTTP on any host name', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});
