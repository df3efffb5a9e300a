import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  approvedConsent,
  BAKERY_OPERATING,
  createConsent,
  givenSandbox,
  initiation,
  postForm,
  readAccounts,
  scaPathOf,
  tpp,
} from './test-support';

type Injected = Awaited<ReturnType<Sandbox['inject']>>;

/** A refusal in NextGenPSD2's shape: a 4xx and one tppMessage with a code and a text. */
function expectTppRefusal(response: Injected, status = 400) {
  expect(response.statusCode).toBe(status);
  const [message] = response.json().tppMessages;
  expect(message.category).toBe('ERROR');
  expect(message.code).toMatch(/^[A-Z_]+$/);
  expect(message.text.length).toBeGreaterThan(0);
}

describe('bank sandbox under hostile input', () => {
  let app: Sandbox;
  let consentId: string;
  beforeAll(async () => {
    app = await givenSandbox();
    consentId = await approvedConsent(app);
  });
  afterAll(() => app.close());

  it('refuses overlong and malformed headers with FORMAT_ERROR', async () => {
    const cases: Record<string, string>[] = [
      { 'x-request-id': 'x'.repeat(5000) },
      { 'x-request-id': 'not-a-uuid' },
      { 'psu-id': '1'.repeat(200) },
      { 'psu-corporate-id': '<script>' },
      { 'psu-ip-address': '999.1.1.1' },
      { 'idempotency-key': 'k'.repeat(101) },
      { 'tpp-redirect-uri': `https://product.test/${'a'.repeat(5000)}` },
      { 'tpp-nok-redirect-uri': 'data:text/html,<script>alert(1)</script>' },
    ];
    for (const headers of cases) {
      const response = await createConsent(app, { headers });
      expectTppRefusal(response);
    }
    const consentIdTooLong = await readAccounts(app, 'c'.repeat(10_000), '/accounts');
    expectTppRefusal(consentIdTooLong);
  });

  it('refuses bodies that are not JSON, not objects, or of the wrong type', async () => {
    const bodies: { payload: string; contentType: string; status?: number }[] = [
      { payload: '{"access":', contentType: 'application/json' },
      { payload: '[1,2,3]', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: '"text"', contentType: 'application/json' },
      { payload: 'access=all', contentType: 'application/x-www-form-urlencoded' },
      { payload: '<xml/>', contentType: 'application/xml', status: 415 },
    ];
    for (const { payload, contentType, status } of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/psd2/dnb/v1/consents',
        headers: initiation({ 'content-type': contentType }),
        payload,
      });
      expectTppRefusal(response, status);
    }
  });

  it('refuses dates that are not calendar dates, and numbers out of range', async () => {
    for (const validUntil of ['2025-02-30', '2025-13-01', 'tomorrow', '2025-1-1', '99999-01-01']) {
      expectTppRefusal(await createConsent(app, { validUntil }));
    }
    for (const frequencyPerDay of [0, 101, 1.5, 1e12]) {
      expectTppRefusal(await createConsent(app, { frequencyPerDay }));
    }
    const accounts = (await readAccounts(app, consentId, '/accounts')).json().accounts;
    const resourceId = accounts[0].resourceId;
    for (const query of [
      'bookingStatus=booked&dateFrom=2025-02-30',
      'bookingStatus=all&dateFrom=2025-01-01',
      'bookingStatus=booked&dateFrom=2025-01-01&page=0',
      'bookingStatus=booked&dateFrom=2025-01-01&page=abc',
      `bookingStatus=booked&dateFrom=2025-01-01&dateTo=${'9'.repeat(500)}`,
    ]) {
      expectTppRefusal(await readAccounts(app, consentId, `/accounts/${resourceId}/transactions?${query}`));
    }
  });

  it('refuses payment amounts that are not plain positive decimals', async () => {
    for (const amount of ['1e5', '-1.00', '0x10', '12345678901234.00', ' 10.00', '10.', '.50', 'NaN']) {
      const response = await app.inject({
        method: 'POST',
        url: '/psd2/dnb/v1/payments/norwegian-domestic-credit-transfers',
        headers: initiation(),
        payload: {
          debtorAccount: { bban: BAKERY_OPERATING },
          instructedAmount: { currency: 'NOK', amount },
          creditorAccount: { bban: '97101234561' },
          creditorName: 'Vestlandsmel AS',
        },
      });
      expectTppRefusal(response);
    }
  });

  it('answers unknown banks and paths as unknown resources', async () => {
    for (const url of ['/psd2/nordea/v1/consents/x/status', '/psd2/dnb/v2/accounts', '/psd2/dnb/v1/cards']) {
      expectTppRefusal(await app.inject({ method: 'GET', url, headers: tpp() }), 404);
    }
  });

  it('keeps the SCA pages to HTML answers under odd form posts, and escapes what is echoed', async () => {
    const path = scaPathOf((await createConsent(app)).json());
    const odd = await postForm(app, `${path}/login`, { ssn: '<img src=x onerror=alert(1)>' });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).not.toContain('<img src=x');
    expect(odd.body).toContain('value="&lt;imgsrc=xonerror=alert(1)&gt;"');
    const long = await postForm(app, `${path}/login`, { ssn: '1'.repeat(1000) });
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toContain('text/html');
    const noField = await postForm(app, `${path}/decision`, { verdict: 'approve' });
    expect(noField.statusCode).toBe(400);
    expect(noField.headers['content-type']).toContain('text/html');
    const json = await app.inject({
      method: 'POST',
      url: `${path}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"ssn":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.headers['content-type']).toContain('text/html');
    const language = await app.inject({ method: 'GET', url: `${path}?lang=${'x'.repeat(50)}` });
    expect(language.statusCode).toBe(400);
  });

  it('describes every bank call in OpenAPI under the bank tag, with a summary', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const bankPaths = Object.entries(
      document.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>,
    ).filter(([path]) => path.startsWith('/psd2/'));
    expect(bankPaths.length).toBeGreaterThanOrEqual(20);
    for (const [, operations] of bankPaths) {
      for (const operation of Object.values(operations)) {
        expect(operation.tags).toEqual(['bank']);
        expect(operation.summary?.length).toBeGreaterThan(10);
      }
    }
    expect(
      document.paths['/psd2/{bankId}/v1/consents'].post.parameters.map(
        (parameter: { name: string }) => parameter.name,
      ),
    ).toEqual(expect.arrayContaining(['x-request-id', 'tpp-redirect-uri', 'bankId']));
  });
});
