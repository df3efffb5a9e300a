import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givenSandbox, noWait, type RunningSandbox } from '../../test/sandbox';
import { ProviderError } from '../provider-error';
import { createSigningClient } from './http-client';
import type { SigningClient, StartedAuthentication } from './interface';

const RETURN_URL = 'http://127.0.0.1:3000/sign-next?action=signant-auth&payment=7';
const CANCEL_URL = 'http://127.0.0.1:3000/sign-cancel?action=signant-auth';

/** What a person's browser does on the BankID page: open it, fill in the form, post it. */
async function personOnPage(authenticationUrl: string, form: Record<string, string>) {
  const page = await fetch(authenticationUrl);
  expect(page.status).toBe(200);
  const markup = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(markup)?.[1];
  if (!action) throw new Error('the page has no form');
  const target = new URL(action.replaceAll('&amp;', '&'), authenticationUrl);
  return fetch(target, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
}

describe('the signing provider client, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let client: SigningClient;
  beforeAll(async () => {
    sandbox = await givenSandbox();
    client = createSigningClient(sandbox.providers, { sleep: noWait });
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  });

  async function planFault(path: string, fault: string, times: number) {
    const response = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix: `/signing/api/auth/${path}`, fault, times }),
    });
    expect(response.status).toBe(201);
  }

  const start = (extra: Partial<Parameters<SigningClient['initAuthentication']>[0]> = {}) =>
    client.initAuthentication({ returnUrl: RETURN_URL, cancelUrl: CANCEL_URL, language: 'en', ...extra });

  const statusOf = (started: StartedAuthentication, language: 'en' | 'no' = 'en') =>
    client.getAuthenticationStatus({
      requestId: started.requestId,
      trackingId: started.trackingId,
      language,
    });

  it('starts an authentication and reads it as created, its text in the language asked', async () => {
    const started = await start({ externalReference: 'payment 7' });
    expect(started.authenticationUrl.startsWith(`${sandbox.url}/signing/`)).toBe(true);
    expect(started.requestId).not.toBe(started.trackingId);
    expect(await statusOf(started)).toEqual({
      status: 'created',
      statusId: 1,
      statusText: 'Created: waiting for the person to open the authentication page',
    });
    expect((await statusOf(started, 'no')).statusText).toBe(
      'Opprettet: venter på at personen åpner autentiseringssiden',
    );
  });

  it('opens the page in the language the authentication was started in', async () => {
    const started = await start({ language: 'no' });
    const page = await fetch(started.authenticationUrl);
    expect(await page.text()).toContain('Godkjenn med BankID');
    expect(await statusOf(started)).toMatchObject({ status: 'in-progress', statusId: 2 });
  });

  it("completes with the person's national identity number when an approving identity approves", async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '12857910093' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(RETURN_URL);
    expect(await statusOf(started)).toEqual({
      status: 'completed',
      statusId: 3,
      statusText: 'Completed: the person is authenticated',
      userSsn: '12857910093',
    });
  });

  it("reads a person's cancel as cancelled, without a national identity number", async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'cancel' });
    expect(answer.headers.get('location')).toBe(CANCEL_URL);
    const state = await statusOf(started);
    expect(state).toMatchObject({ status: 'cancelled', statusId: 4 });
    expect(state.userSsn).toBeUndefined();
  });

  it('reads a refusal in BankID as cancelled', async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '21919010182' });
    expect(answer.headers.get('location')).toBe(CANCEL_URL);
    const state = await statusOf(started);
    expect(state.status).toBe('cancelled');
    expect(state.userSsn).toBeUndefined();
  });

  it('reads a BankID error as failed', async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '07896610087' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('BankID failed');
    expect(await statusOf(started)).toMatchObject({ status: 'failed', statusId: 5 });
  });

  it('reads a person BankID waits for in vain as in progress, then expired once the wait is over', async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '30827210060' });
    expect(answer.status).toBe(303);
    const waitUrl = new URL(answer.headers.get('location') ?? '', started.authenticationUrl);
    const waiting = await fetch(waitUrl, { redirect: 'manual' });
    expect(await waiting.text()).toContain('Open the BankID app');
    expect(await statusOf(started)).toMatchObject({ status: 'in-progress' });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const back = await fetch(waitUrl, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(CANCEL_URL);
    expect(await statusOf(started)).toMatchObject({ status: 'expired', statusId: 6 });
  });

  it('keeps the request open when the person types a number that is no test identity', async () => {
    const started = await start();
    const answer = await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '01010112345' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('No test identity has the number 01010112345');
    expect(await statusOf(started)).toMatchObject({ status: 'in-progress' });
  });

  it('refuses unknown request ids with a rejection the person can read', async () => {
    const started = await start();
    const failure = await client
      .getAuthenticationStatus({ requestId: started.requestId, trackingId: 'someone-elses', language: 'en' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      party: 'signing',
      failure: 'rejected',
      status: 404,
      partyCode: '404',
      reasonKey: 'signingRequestNotFound',
    });
  });

  it("reports an address the provider refuses as a rejection with the provider's reason", async () => {
    const failure = await start({ returnUrl: 'ftp://product.test/back' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'signing', failure: 'rejected', status: 400 });
    expect((failure as ProviderError).partyText).toContain('ReturnUrl');
  });

  it('reports wrong client credentials as a credentials failure on both calls', async () => {
    const wrong = createSigningClient(
      { ...sandbox.providers, signing: { ...sandbox.providers.signing, clientSecret: 'not-the-secret' } },
      { sleep: noWait },
    );
    const onStart = await wrong
      .initAuthentication({ returnUrl: RETURN_URL, language: 'en' })
      .catch((error: unknown) => error);
    expect(onStart).toMatchObject({ party: 'signing', failure: 'credentials', status: 401 });
    const started = await start();
    const onStatus = await wrong
      .getAuthenticationStatus({ ...started, language: 'no' })
      .catch((error: unknown) => error);
    expect(onStatus).toMatchObject({ failure: 'credentials', status: 401 });
  });

  it('repeats a start after a server error without leaving two requests, and a status read likewise', async () => {
    await planFault('init', 'server-error', 1);
    const started = await start();
    expect(await statusOf(started)).toMatchObject({ status: 'created' });
    await planFault('status', 'server-error', 2);
    expect(await statusOf(started)).toMatchObject({ status: 'created' });
  });

  it('gives up with an unavailable failure when the provider keeps failing', async () => {
    const started = await start();
    await planFault('status', 'unavailable', 3);
    const failure = await statusOf(started).catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'signing', failure: 'unavailable', status: 503 });
  });

  it('waits as the provider asks when rate limited, then answers', async () => {
    const waits: number[] = [];
    const patient = createSigningClient(sandbox.providers, { sleep: async (ms) => void waits.push(ms) });
    await planFault('init', 'rate-limit;retry-after=2', 1);
    const started = await patient.initAuthentication({ returnUrl: RETURN_URL, language: 'en' });
    expect(started.requestId).not.toBe('');
    expect(waits).toEqual([2000]);
  });

  it('reports a provider slower than the timeout as unavailable', async () => {
    const impatient = createSigningClient({ ...sandbox.providers, timeoutMs: 200 }, { sleep: noWait });
    const started = await start();
    await planFault('status', 'slow=1500', 3);
    const failure = await impatient
      .getAuthenticationStatus({ ...started, language: 'en' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'signing', failure: 'unavailable', status: undefined });
  });

  it('refuses a completion without a UserSSN as an answer outside the protocol', async () => {
    const started = await start();
    await personOnPage(started.authenticationUrl, { action: 'approve', ssn: '03878510096' });
    await planFault('status', 'missing-user-ssn', 1);
    const failure = await statusOf(started).catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'signing', failure: 'protocol', status: 200 });
    expect(await statusOf(started)).toMatchObject({ status: 'completed', userSsn: '03878510096' });
  });
});
