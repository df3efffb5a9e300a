import { isValidOrganisationNumber } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { DEFAULT_CREDENTIALS } from '../platform/context';
import { ONBOARDING_REGISTER, UNREGISTERED_ORGANISATION_NUMBER } from '../platform/world';

const KEY = { 'x-api-key': DEFAULT_CREDENTIALS.onboardingApiKey };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const RETURN_URL = 'https://product.test/onboarding/callback?companyId=7';
const KARI = '12857910093';
const OLA_NOT_SIGNATORY = '03878510096';
const RITA_REJECTS = '21919010182';
const TORE_TIMES_OUT = '30827210060';
const FEIL_FAILS = '07896610087';
const SNEKKER_ENK_WITH_VAT = '910000063';
/** Valid, and never sent to the service in these tests. */
const NEVER_ONBOARDED = '910000098';

type Answer = {
  onboardingId: string;
  organisationNumber: string;
  status: string;
  signUrl?: string;
  signOrderExpiresAt?: string;
};

describe("the payment service's onboarding", () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox();
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 0 } });
  });

  async function start(organisationNumber: string, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/onboarding/v1/onboardings',
      headers: { ...KEY, ...headers },
      payload: { organisationNumber, returnUrl: RETURN_URL, language: 'en' },
    });
  }

  async function started(organisationNumber: string): Promise<Answer> {
    const response = await start(organisationNumber);
    expect(response.statusCode).toBe(201);
    return response.json<Answer>();
  }

  async function statusOf(onboardingId: string): Promise<Answer> {
    const response = await app.inject({
      method: 'GET',
      url: `/onboarding/v1/onboardings/${onboardingId}`,
      headers: KEY,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Answer>();
  }

  function pagePathOf(answer: Answer): string {
    const url = new URL(answer.signUrl ?? '');
    return `${url.pathname}${url.search}`;
  }

  function submit(answer: Answer, form: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: pagePathOf(answer),
      headers: FORM,
      payload: new URLSearchParams(form).toString(),
    });
  }

  it('lists test companies whose numbers are valid', () => {
    for (const company of ONBOARDING_REGISTER)
      expect(isValidOrganisationNumber(company.organisationNumber)).toBe(true);
    expect(isValidOrganisationNumber(UNREGISTERED_ORGANISATION_NUMBER)).toBe(true);
  });

  it('refuses a caller without the right X-Api-Key', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/onboarding/v1/onboardings',
      payload: { organisationNumber: '923456783', returnUrl: RETURN_URL },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const wrong = await app.inject({
      method: 'GET',
      url: '/onboarding/v1/companies/923456783',
      headers: { 'x-api-key': 'guess' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses an organisation number with a wrong check digit, and a return address that is not the web', async () => {
    const wrongDigit = await start('923456784');
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json()).toMatchObject({ code: 'INVALID_ORGANISATION_NUMBER' });
    const script = await app.inject({
      method: 'POST',
      url: '/onboarding/v1/onboardings',
      headers: KEY,
      payload: { organisationNumber: '934567897', returnUrl: 'javascript:alert(1)' },
    });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it.each([
    ['910000012', 'already-onboarded'],
    ['910000020', 'declined-enk-no-vat'],
    ['910000039', 'declined-risk-evaluation'],
    ['910000047', 'declined-unsupported-company-type'],
    ['910000055', 'declined-unsupported-company-type'],
    [UNREGISTERED_ORGANISATION_NUMBER, 'company-not-found'],
  ])('answers %s at once with %s and no sign page', async (organisationNumber, status) => {
    const answer = await started(organisationNumber);
    expect(answer).toMatchObject({ organisationNumber, status });
    expect(answer.signUrl).toBeUndefined();
    expect((await statusOf(answer.onboardingId)).status).toBe(status);
  });

  it('onboards a company whose signatory signs: pending, success once read, then completed and already onboarded', async () => {
    const answer = await started('923456783');
    expect(answer.status).toBe('pending');
    expect(answer.signUrl).toMatch(/^http:\/\/localhost(:\d+)?\/onboarding\/sign\/[\w-]{32}\?lang=en$/);
    expect(answer.signUrl).not.toContain(answer.onboardingId);

    const again = await start('923456783');
    expect(again.statusCode).toBe(200);
    expect(again.json<Answer>().onboardingId).toBe(answer.onboardingId);

    const page = await app.inject({ method: 'GET', url: pagePathOf(answer) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nordlys Bakeri AS');

    const signed = await submit(answer, { action: 'sign', ssn: KARI });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(RETURN_URL);

    expect((await statusOf(answer.onboardingId)).status).toBe('success');
    expect((await statusOf(answer.onboardingId)).status).toBe('completed');
    const latest = await app.inject({
      method: 'GET',
      url: '/onboarding/v1/companies/923456783',
      headers: KEY,
    });
    expect(latest.json()).toMatchObject({ onboardingId: answer.onboardingId, status: 'completed' });

    expect((await started('923456783')).status).toBe('already-onboarded');
    const finished = await submit(answer, { action: 'sign', ssn: KARI });
    expect(finished.statusCode).toBe(409);
  });

  it('keeps the sign order pending when the person cancels, refuses in BankID, times out or BankID fails', async () => {
    const answer = await started('934567897');
    const cancelled = await submit(answer, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(RETURN_URL);
    const refused = await submit(answer, { action: 'sign', ssn: RITA_REJECTS });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(RETURN_URL);
    for (const [ssn, title] of [
      [TORE_TIMES_OUT, 'BankID timed out'],
      [FEIL_FAILS, 'BankID failed'],
    ] as const) {
      const page = await submit(answer, { action: 'sign', ssn });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(title);
    }
    expect((await statusOf(answer.onboardingId)).status).toBe('pending');
    expect((await submit(answer, { action: 'sign', ssn: KARI })).statusCode).toBe(303);
    expect((await statusOf(answer.onboardingId)).status).toBe('success');
  });

  it('refuses a person who may not sign for the company, and numbers that are not a test identity', async () => {
    const answer = await started('812345672');
    const notSignatory = await submit(answer, { action: 'sign', ssn: OLA_NOT_SIGNATORY });
    expect(notSignatory.statusCode).toBe(400);
    expect(notSignatory.body).toContain('may not sign for the company');
    const unknown = await submit(answer, { action: 'sign', ssn: '01010112345' });
    expect(unknown.statusCode).toBe(400);
    const garbage = await submit(answer, { action: 'sign', ssn: '<script>' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.body).not.toContain('<script>');
    expect((await statusOf(answer.onboardingId)).status).toBe('pending');
  });

  it('expires a sign order not signed within seven days of the sandbox clock', async () => {
    const answer = await started(SNEKKER_ENK_WITH_VAT);
    expect(answer.status).toBe('pending');
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 6 } });
    expect((await statusOf(answer.onboardingId)).status).toBe('pending');
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 7 } });
    expect((await statusOf(answer.onboardingId)).status).toBe('signorder-expired');
    const page = await app.inject({ method: 'GET', url: pagePathOf(answer) });
    expect(page.body).toContain('This sign order is finished');
    expect((await submit(answer, { action: 'sign', ssn: KARI })).statusCode).toBe(409);
    const next = await started(SNEKKER_ENK_WITH_VAT);
    expect(next.status).toBe('pending');
    expect(next.onboardingId).not.toBe(answer.onboardingId);
  });

  it('answers 404 for an unknown onboarding, company or sign page', async () => {
    const onboarding = await app.inject({
      method: 'GET',
      url: '/onboarding/v1/onboardings/nothing-here',
      headers: KEY,
    });
    expect(onboarding.statusCode).toBe(404);
    expect(onboarding.json()).toMatchObject({ code: 'ONBOARDING_NOT_FOUND' });
    const company = await app.inject({
      method: 'GET',
      url: `/onboarding/v1/companies/${NEVER_ONBOARDED}`,
      headers: KEY,
    });
    expect(company.statusCode).toBe(404);
    expect(company.json()).toMatchObject({ code: 'NO_ONBOARDING' });
    const page = await app.inject({ method: 'GET', url: '/onboarding/sign/not-a-token?lang=no' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Fant ikke signeringsoppdraget');
  });

  it('applies the sandbox faults, asked for by header or planned for the path', async () => {
    const limited = await start('923456783', { 'x-sandbox-fault': 'rate-limit;retry-after=2' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    const planned = await app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: { pathPrefix: '/onboarding/v1/', fault: 'unavailable', times: 1 },
    });
    expect(planned.statusCode).toBe(201);
    const down = await app.inject({ method: 'GET', url: '/onboarding/v1/companies/923456783', headers: KEY });
    expect(down.statusCode).toBe(503);
    const up = await app.inject({ method: 'GET', url: '/onboarding/v1/companies/923456783', headers: KEY });
    expect(up.statusCode).toBe(200);
  });

  it('lists the test companies and their outcomes on the front page', async () => {
    const page = await app.inject({ method: 'GET', url: '/?lang=en' });
    expect(page.body).toContain('Payment service onboarding: test companies');
    expect(page.body).toContain('Risikabel Handel AS');
    expect(page.body).toContain('declined-enk-no-vat');
  });
});
