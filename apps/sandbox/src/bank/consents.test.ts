import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  approvedConsent,
  BAKERY,
  BAKERY_OPERATING,
  BUILDER_OPERATING,
  createConsent,
  daysFromToday,
  givenSandbox,
  initiation,
  KARI,
  moveClock,
  postForm,
  readAccounts,
  scaPathOf,
  tpp,
} from './test-support';

describe('bank consents', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await givenSandbox();
  });
  afterEach(() => moveClock(app, 0));
  afterAll(() => app.close());

  const statusOf = async (consentId: string, bankId = 'dnb') =>
    (
      await app.inject({
        method: 'GET',
        url: `/psd2/${bankId}/v1/consents/${consentId}/status`,
        headers: tpp(),
      })
    ).json();

  it('creates a consent that waits for SCA, with the SCA page and the resources to follow', async () => {
    const requestId = crypto.randomUUID();
    const created = await createConsent(app, { headers: { 'x-request-id': requestId } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-request-id']).toBe(requestId);
    expect(created.headers['aspsp-sca-approach']).toBe('REDIRECT');
    const answer = created.json();
    expect(answer.consentStatus).toBe('received');
    const { consentId } = answer;
    expect(answer._links.self.href).toBe(`/v1/consents/${consentId}`);
    expect(answer._links.status.href).toBe(`/v1/consents/${consentId}/status`);
    expect(answer._links.scaStatus.href).toMatch(
      new RegExp(`^/v1/consents/${consentId}/authorisations/[0-9a-f-]{36}$`),
    );
    expect(answer._links.scaRedirect.href).toMatch(
      /^http:\/\/localhost(:\d+)?\/psd2\/dnb\/sca\/[0-9a-f-]{36}$/,
    );

    const authorisations = await app.inject({
      method: 'GET',
      url: `/psd2/dnb/v1/consents/${consentId}/authorisations`,
      headers: tpp(),
    });
    const authorisationId = answer._links.scaStatus.href.split('/').at(-1);
    expect(authorisations.json()).toEqual({ authorisationIds: [authorisationId] });
    const scaStatus = await app.inject({
      method: 'GET',
      url: `/psd2/dnb${answer._links.scaStatus.href}`,
      headers: tpp(),
    });
    expect(scaStatus.json()).toEqual({ scaStatus: 'received' });
    expect(await statusOf(consentId)).toEqual({ consentStatus: 'received' });
  });

  it('shows the consent as asked, with the status that holds', async () => {
    const validUntil = daysFromToday(30);
    const access = { balances: [{ iban: 'NO3815030123457' }], transactions: [{ bban: BAKERY_OPERATING }] };
    const consentId = await approvedConsent(app, { access, validUntil, frequencyPerDay: 2 });
    const consent = await app.inject({
      method: 'GET',
      url: `/psd2/dnb/v1/consents/${consentId}`,
      headers: tpp(),
    });
    expect(consent.json()).toEqual({
      access,
      recurringIndicator: true,
      validUntil,
      frequencyPerDay: 2,
      lastActionDate: daysFromToday(0),
      consentStatus: 'valid',
    });
  });

  it('moves the SCA status along as the person logs in and approves', async () => {
    const answer = (await createConsent(app)).json();
    const scaStatus = async () =>
      (
        await app.inject({ method: 'GET', url: `/psd2/dnb${answer._links.scaStatus.href}`, headers: tpp() })
      ).json().scaStatus;
    await postForm(app, `${scaPathOf(answer)}/login`, { ssn: KARI });
    expect(await scaStatus()).toBe('psuAuthenticated');
    await postForm(app, `${scaPathOf(answer)}/decision`, { decision: 'approve' });
    expect(await scaStatus()).toBe('finalised');
    expect(await statusOf(answer.consentId)).toEqual({ consentStatus: 'valid' });
  });

  it('shortens a validUntil beyond 180 days to 180 days, in the answer and when read', async () => {
    const created = await createConsent(app, { validUntil: '9999-12-31' });
    expect(created.statusCode).toBe(201);
    expect(created.json().validUntil).toBe(daysFromToday(180));
    const consent = await app.inject({
      method: 'GET',
      url: `/psd2/dnb/v1/consents/${created.json().consentId}`,
      headers: tpp(),
    });
    expect(consent.json().validUntil).toBe(daysFromToday(180));
  });

  it('refuses a validUntil in the past, a missing access and another bank’s account', async () => {
    const past = await createConsent(app, { validUntil: daysFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR' });
    expect(past.json().tppMessages[0].text).toContain('validUntil');

    const nothing = await createConsent(app, { access: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().tppMessages[0].code).toBe('FORMAT_ERROR');

    const foreign = await createConsent(app, { access: { accounts: [{ bban: BUILDER_OPERATING }] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().tppMessages[0].text).toContain(BUILDER_OPERATING);

    const both = await createConsent(app, {
      access: { allPsd2: 'allAccounts', accounts: [{ bban: BAKERY_OPERATING }] },
    });
    expect(both.statusCode).toBe(400);
  });

  it('refuses a PSU the bank does not know, and a company that is not its customer', async () => {
    const person = await createConsent(app, { headers: { 'psu-id': '01010112345' } });
    expect(person.statusCode).toBe(401);
    expect(person.json().tppMessages[0].code).toBe('PSU_CREDENTIALS_INVALID');
    const company = await createConsent(app, { headers: { 'psu-corporate-id': '934567897' } });
    expect(company.statusCode).toBe(401);
    expect(company.json().tppMessages[0].code).toBe('PSU_CREDENTIALS_INVALID');
    const customer = await createConsent(app, { headers: { 'psu-id': KARI, 'psu-corporate-id': BAKERY } });
    expect(customer.statusCode).toBe(201);
  });

  it('asks for X-Request-ID and TPP-Redirect-URI, and takes only http(s) redirect URIs', async () => {
    const body = {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2099-12-31',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    };
    const withoutRequestId = await app.inject({
      method: 'POST',
      url: '/psd2/dnb/v1/consents',
      headers: { 'tpp-redirect-uri': 'https://product.test/ok' },
      payload: body,
    });
    expect(withoutRequestId.statusCode).toBe(400);
    expect(withoutRequestId.json().tppMessages[0].code).toBe('FORMAT_ERROR');
    expect(withoutRequestId.json().tppMessages[0].text).toContain('x-request-id');

    const withoutRedirect = await app.inject({
      method: 'POST',
      url: '/psd2/dnb/v1/consents',
      headers: tpp(),
      payload: body,
    });
    expect(withoutRedirect.statusCode).toBe(400);
    expect(withoutRedirect.json().tppMessages[0].text).toContain('tpp-redirect-uri');

    for (const uri of [
      'javascript:alert(1)',
      'ftp://product.test/x',
      `https://product.test/${'a'.repeat(2000)}`,
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/psd2/dnb/v1/consents',
        headers: initiation({ 'tpp-redirect-uri': uri }),
        payload: body,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().tppMessages[0].code).toBe('FORMAT_ERROR');
    }
  });

  it('answers a repeated Idempotency-Key with the first consent, and refuses the key on another request', async () => {
    const key = crypto.randomUUID();
    const first = await createConsent(app, { headers: { 'idempotency-key': key } });
    const again = await createConsent(app, { headers: { 'idempotency-key': key } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await createConsent(app, { headers: { 'idempotency-key': key }, frequencyPerDay: 3 });
    expect(other.statusCode).toBe(409);
    expect(other.json().tppMessages[0].code).toBe('STATUS_INVALID');
    const fresh = await createConsent(app, { headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(fresh.json().consentId).not.toBe(first.json().consentId);
  });

  it('ends a consent when the TPP deletes it, and its reads stop', async () => {
    const consentId = await approvedConsent(app);
    expect((await readAccounts(app, consentId, '/accounts')).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/psd2/dnb/v1/consents/${consentId}`,
      headers: tpp(),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await statusOf(consentId)).toEqual({ consentStatus: 'terminatedByTpp' });
    const read = await readAccounts(app, consentId, '/accounts');
    expect(read.statusCode).toBe(401);
    expect(read.json().tppMessages[0].code).toBe('CONSENT_INVALID');
  });

  it('expires a consent after validUntil by the sandbox clock', async () => {
    const consentId = await approvedConsent(app, { validUntil: daysFromToday(2) });
    await moveClock(app, 2);
    expect(await statusOf(consentId)).toEqual({ consentStatus: 'valid' });
    await moveClock(app, 3);
    expect(await statusOf(consentId)).toEqual({ consentStatus: 'expired' });
    const read = await readAccounts(app, consentId, '/accounts');
    expect(read.statusCode).toBe(401);
    expect(read.json().tppMessages[0].code).toBe('CONSENT_EXPIRED');
  });

  it('knows a consent only at the bank that gave it', async () => {
    const consentId = await approvedConsent(app);
    for (const [bankId, id] of [
      ['sparebank1', consentId],
      ['dnb', crypto.randomUUID()],
    ] as const) {
      const unknown = await app.inject({
        method: 'GET',
        url: `/psd2/${bankId}/v1/consents/${id}`,
        headers: tpp(),
      });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json().tppMessages[0].code).toBe('CONSENT_UNKNOWN');
    }
    const deleteUnknown = await app.inject({
      method: 'DELETE',
      url: `/psd2/dnb/v1/consents/${crypto.randomUUID()}`,
      headers: tpp(),
    });
    expect(deleteUnknown.statusCode).toBe(403);
  });
});
