import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetFaults, givenSandbox, noWait, planFault, type RunningSandbox } from '../../test/sandbox';
import { ProviderError } from '../provider-error';
import { createOnboardingClient } from './http-client';
import type { OnboardingClient } from './interface';

const RETURN_URL = 'http://localhost:3000/onboarding/callback?companyId=1';
const BAKERY = '923456783';
const KARI = '12857910093';

describe("the payment service's onboarding client, against the sandbox", () => {
  let sandbox: RunningSandbox;
  let client: OnboardingClient;
  beforeAll(async () => {
    sandbox = await givenSandbox();
    client = createOnboardingClient(sandbox.providers, { sleep: noWait });
  });
  afterAll(() => sandbox.close());
  afterEach(() => forgetFaults(sandbox));

  async function signAsKari(signUrl: string) {
    const response = await fetch(signUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'sign', ssn: KARI }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(RETURN_URL);
  }

  it('starts an onboarding with a sign page, follows it to completed, and finds it by the company', async () => {
    const started = await client.start({
      organisationNumber: '923 456 783',
      returnUrl: RETURN_URL,
      language: 'no',
    });
    expect(started).toMatchObject({
      organisationNumber: BAKERY,
      status: 'pending',
      providerStatus: 'pending',
    });
    expect(started.signUrl?.startsWith(`${sandbox.url}/onboarding/sign/`)).toBe(true);
    expect(started.signUrl).toContain('lang=no');

    const repeated = await client.start({
      organisationNumber: BAKERY,
      returnUrl: RETURN_URL,
      language: 'no',
    });
    expect(repeated.onboardingId).toBe(started.onboardingId);

    await signAsKari(started.signUrl ?? '');
    expect(await client.status(started.onboardingId)).toMatchObject({
      status: 'success',
      signUrl: undefined,
    });
    expect((await client.status(started.onboardingId)).status).toBe('completed');
    expect(await client.latestOfCompany(BAKERY)).toMatchObject({
      onboardingId: started.onboardingId,
      status: 'completed',
    });
  });

  it.each([
    ['910000012', 'already-onboarded', 'already-onboarded'],
    ['910000020', 'company-not-found', 'declined-enk-no-vat'],
    ['910000071', 'company-not-found', 'company-not-found'],
    ['910000039', 'declined-risk-evaluation', 'declined-risk-evaluation'],
    ['910000047', 'declined-unsupported-company-type', 'declined-unsupported-company-type'],
  ])('reads %s as %s (the provider said %s)', async (organisationNumber, status, providerStatus) => {
    const started = await client.start({ organisationNumber, returnUrl: RETURN_URL, language: 'en' });
    expect(started).toMatchObject({ status, providerStatus, signUrl: undefined });
    expect((await client.status(started.onboardingId)).status).toBe(status);
  });

  it('answers undefined for a company never onboarded, and a rejection for an unknown onboarding', async () => {
    expect(await client.latestOfCompany('910000098')).toBeUndefined();
    const failure = await client.status('no-such-onboarding').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      party: 'onboarding',
      failure: 'rejected',
      status: 404,
      partyCode: 'ONBOARDING_NOT_FOUND',
    });
  });

  it('reports a wrong API key as a credentials failure', async () => {
    const wrong = createOnboardingClient(
      { ...sandbox.providers, onboarding: { ...sandbox.providers.onboarding, apiKey: 'guess' } },
      { sleep: noWait },
    );
    const failure = await wrong.latestOfCompany(BAKERY).catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'onboarding', failure: 'credentials', status: 401 });
  });

  it('starts again after a server error without making a second sign order', async () => {
    await planFault(sandbox, '/onboarding/v1/', 'server-error', 2);
    const started = await client.start({
      organisationNumber: '934567897',
      returnUrl: RETURN_URL,
      language: 'en',
    });
    expect(started.status).toBe('pending');
    const again = await client.start({
      organisationNumber: '934567897',
      returnUrl: RETURN_URL,
      language: 'en',
    });
    expect(again.onboardingId).toBe(started.onboardingId);
  });

  it('gives up with an unavailable failure when the provider keeps failing', async () => {
    await planFault(sandbox, '/onboarding/v1/', 'unavailable', 3);
    const failure = await client.latestOfCompany(BAKERY).catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'onboarding', failure: 'unavailable', status: 503 });
  });

  it('does not take an answer that breaks the protocol', async () => {
    const elsewhere = createOnboardingClient(
      {
        ...sandbox.providers,
        onboarding: { ...sandbox.providers.onboarding, url: `${sandbox.url}/health?` },
      },
      { sleep: noWait },
    );
    const failure = await elsewhere.status('x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'onboarding', failure: 'protocol' });
  });
});
