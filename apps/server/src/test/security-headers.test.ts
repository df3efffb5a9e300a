import { type Route, routeTable } from '@bilag/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenTenancy } from './fixtures';
import { exampleRequest, injectExample, type RecordIds } from './route-examples';
import { createTestApp } from './test-app';

/** Records no test made: every call answers, mostly with a refusal, and a refusal carries the headers too. */
const UNKNOWN_RECORD = 987_654;

/** What every reply of the product must carry, whoever asked and whatever it answered. */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const headers = response.headers;
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy, what).toContain("default-src 'self'");
  expect(policy, what).toContain("frame-ancestors 'self'");
  const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
  expect(scripts?.trim(), what).toBe("script-src 'self'");
  // The product keeps its session in the page, never in a cookie a forged request would carry along.
  expect(headers['set-cookie'], what).toBeUndefined();
}

describe('security headers on every reply, proven from the route table', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let ids: RecordIds;

  beforeAll(async () => {
    context = await createTestApp();
    tenancy = await givenTenancy(context);
    ids = {
      company: tenancy.companyId,
      targetCompany: tenancy.companyId,
      voucher: UNKNOWN_RECORD,
      voucherBalance: UNKNOWN_RECORD,
      transaction: UNKNOWN_RECORD,
      companyBank: UNKNOWN_RECORD,
      bank: UNKNOWN_RECORD,
      import: UNKNOWN_RECORD,
      importJob: UNKNOWN_RECORD,
      file: UNKNOWN_RECORD,
      rule: UNKNOWN_RECORD,
      connection: UNKNOWN_RECORD,
      payment: UNKNOWN_RECORD,
      consent: UNKNOWN_RECORD,
      notification: UNKNOWN_RECORD,
      inboxItem: UNKNOWN_RECORD,
      inboxItemUuid: '00000000-0000-4000-8000-000000000000',
      ehfDocument: UNKNOWN_RECORD,
      task: UNKNOWN_RECORD,
      taskComment: UNKNOWN_RECORD,
      taskLabel: UNKNOWN_RECORD,
      taskTemplate: UNKNOWN_RECORD,
      paymentPackage: UNKNOWN_RECORD,
      packagePurchase: UNKNOWN_RECORD,
      reminder: UNKNOWN_RECORD,
      voucherAlert: UNKNOWN_RECORD,
      companyUser: UNKNOWN_RECORD,
      division: UNKNOWN_RECORD,
    };
  });
  afterAll(() => context?.close());

  function callAsMember(route: Route): Promise<LightMyRequestResponse> {
    return injectExample(context.app, route, exampleRequest(route, ids), bearer(tenancy.session));
  }

  const routes = Object.entries(routeTable) as [string, Route][];

  it.each(routes)('%s answers with the security headers and lets nobody keep a copy', async (name, route) => {
    const response = await callAsMember(route);
    const what = `${name} answered ${response.statusCode}`;
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    expectSecurityHeaders(response, what);
    expect(String(response.headers['cache-control']), what).toContain('no-store');
  });

  it('sends the same headers with a refusal to someone not signed in, and with an unknown API path', async () => {
    for (const url of ['/api/main/companies', '/api/nothing-here']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(response, url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('serves the app and the health check with the same headers', async () => {
    for (const url of ['/health/ready', '/login', '/nordlys-bakeri/voucher']) {
      const response = await context.app.inject({ method: 'GET', url });
      expectSecurityHeaders(response, url);
    }
  });
});
