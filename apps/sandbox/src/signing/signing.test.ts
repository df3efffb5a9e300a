import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { DEFAULT_CREDENTIALS } from '../platform/context';

const BASIC = `Basic ${Buffer.from(
  `${DEFAULT_CREDENTIALS.signingClientId}:${DEFAULT_CREDENTIALS.signingClientSecret}`,
).toString('base64')}`;
const RETURN_URL = 'https://product.test/sign-next?action=signant-auth&voucher=42';
const CANCEL_URL = 'https://product.test/sign-cancel?action=signant-auth';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Init = { AuthenticationUrl: string; RequestID: string; TrackingID: string; StatusID: number };

async function init(app: Sandbox, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/signing/api/auth/init',
    headers: { authorization: BASIC, lang: 'en', ...headers },
    payload: { ReturnUrl: RETURN_URL, CancelUrl: CANCEL_URL, ...body },
  });
  expect(response.statusCode).toBe(200);
  const answer = response.json<Init>();
  const page = new URL(answer.AuthenticationUrl);
  return { ...answer, pagePath: `${page.pathname}${page.search}` };
}

async function status(app: Sandbox, started: Init, lang = 'en', headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: `/signing/api/auth/status?requestID=${encodeURIComponent(started.RequestID)}&trackingID=${encodeURIComponent(started.TrackingID)}`,
    headers: { authorization: BASIC, lang, ...headers },
  });
}

function submit(app: Sandbox, pagePath: string, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: pagePath,
    headers: FORM,
    payload: new URLSearchParams(form).toString(),
  });
}

describe('the eID signing provider', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox({ scaTimeoutSeconds: 1 });
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 0 } });
  });

  it("refuses a caller without the right client credentials, in the provider's own shape", async () => {
    const missing = await app.inject({ method: 'POST', url: '/signing/api/auth/init', payload: {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      StatusID: 401,
      StatusText: expect.stringContaining('credentials'),
    });
    const wrong = await app.inject({
      method: 'GET',
      url: '/signing/api/auth/status?requestID=a&trackingID=b',
      headers: { authorization: `Basic ${Buffer.from('bilag:guess').toString('base64')}`, lang: 'nb' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().StatusText).toContain('Klientlegitimasjon');
  });

  it('starts an authentication: a page address on the sandbox in the language asked, and ids nobody can guess', async () => {
    const started = await init(app, {}, { lang: 'nb' });
    expect(started.AuthenticationUrl).toMatch(
      /^http:\/\/localhost(:\d+)?\/signing\/bankid\/[\w-]{32}\?lang=no$/,
    );
    expect(started.RequestID).toMatch(/^[\w-]{32}$/);
    expect(started.TrackingID).toMatch(/^[\w-]{32}$/);
    expect(started.TrackingID).not.toBe(started.RequestID);
    expect(started.AuthenticationUrl).not.toContain(started.RequestID);
    expect(started).toMatchObject({ StatusID: 1, StatusText: expect.stringContaining('Opprettet') });
    const again = await init(app);
    expect(again.RequestID).not.toBe(started.RequestID);
  });

  it.each([
    ['a script address', { ReturnUrl: 'javascript:alert(1)' }],
    ['a mail address', { CancelUrl: 'mailto:someone@example.test' }],
    ['an address longer than 2000', { ReturnUrl: `https://product.test/${'a'.repeat(2000)}` }],
    ['a reference longer than 100', { ExternalReference: 'r'.repeat(101) }],
    ['a hint that is not 11 digits', { SsnHint: '1285791009' }],
    ['no ReturnUrl', { ReturnUrl: undefined }],
  ])('refuses to start with %s (400 with StatusID)', async (_case, body) => {
    const response = await app.inject({
      method: 'POST',
      url: '/signing/api/auth/init',
      headers: { authorization: BASIC },
      payload: { ReturnUrl: RETURN_URL, ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ StatusID: 400, StatusText: expect.stringContaining('Invalid') });
  });

  it('refuses a Lang it does not speak', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/signing/api/auth/init',
      headers: { authorization: BASIC, lang: 'sv' },
      payload: { ReturnUrl: RETURN_URL },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers the status only for the RequestID and TrackingID of one request, in the Lang asked', async () => {
    const first = await init(app);
    const second = await init(app);
    const created = await status(app, first, 'nb');
    expect(created.json()).toEqual({
      RequestID: first.RequestID,
      TrackingID: first.TrackingID,
      StatusID: 1,
      StatusText: 'Opprettet: venter på at personen åpner autentiseringssiden',
    });
    const mixed = await status(app, { ...first, TrackingID: second.TrackingID });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ StatusID: 404 });
    const tooLong = await status(app, { ...first, TrackingID: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers a repeated start with the same Idempotency-Key with the request it made', async () => {
    const key = crypto.randomUUID();
    const first = await init(app, {}, { 'idempotency-key': key });
    const repeated = await init(app, {}, { 'idempotency-key': key });
    expect(repeated.RequestID).toBe(first.RequestID);
    expect(repeated.AuthenticationUrl).toBe(first.AuthenticationUrl);
    const other = await app.inject({
      method: 'POST',
      url: '/signing/api/auth/init',
      headers: { authorization: BASIC, 'idempotency-key': key },
      payload: { ReturnUrl: 'https://elsewhere.test/' },
    });
    expect(other.statusCode).toBe(409);
  });

  it('shows the approve page with every test identity, escaped reference, in both languages; opening it moves to in progress', async () => {
    const started = await init(app, { ExternalReference: '<script>alert(1)</script>' });
    const english = await app.inject({ method: 'GET', url: started.pagePath });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('data-sandbox-banner');
    expect(english.body).toContain('Approve with BankID');
    for (const ssn of [
      '12857910093',
      '03878510096',
      '21919010182',
      '30827210060',
      '07896610087',
      '14918310143',
    ]) {
      expect(english.body).toContain(ssn);
    }
    expect(english.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(english.body).not.toContain('<script>alert(1)');
    expect(english.body).toMatch(/<input id="ssn"[^>]*autofocus/);
    expect(english.body).toContain('<label for="ssn">');
    const norwegian = await app.inject({
      method: 'GET',
      url: started.pagePath.replace('lang=en', 'lang=no'),
    });
    expect(norwegian.body).toContain('Godkjenn med BankID');
    expect(norwegian.body).toContain('lang="nb"');
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 2 });
  });

  it('fills in the SsnHint on the page', async () => {
    const started = await init(app, { SsnHint: '03878510096' });
    const page = await app.inject({ method: 'GET', url: started.pagePath });
    expect(page.body).toContain('value="03878510096"');
  });

  it('completes with the UserSSN and sends the person to exactly the ReturnUrl when an approving identity approves', async () => {
    const started = await init(app);
    await app.inject({ method: 'GET', url: started.pagePath });
    const approved = await submit(app, started.pagePath, { action: 'approve', ssn: '1285 791 0093' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(RETURN_URL);
    expect((await status(app, started)).json()).toMatchObject({
      StatusID: 3,
      StatusText: 'Completed: the person is authenticated',
      UserSSN: '12857910093',
    });
  });

  it('completes for an identity who approves at BankID signing, however they end at a bank', async () => {
    const started = await init(app);
    const page = await app.inject({ method: 'GET', url: started.pagePath });
    expect(page.body).toContain(
      '<tr><td><code>14918310143</code></td><td>Vera Ventetid</td><td>Approves: you are sent back authenticated</td></tr>',
    );
    const approved = await submit(app, started.pagePath, { action: 'approve', ssn: '14918310143' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(RETURN_URL);
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 3, UserSSN: '14918310143' });
  });

  it('cancels and sends the person to the CancelUrl, or the ReturnUrl when there is none', async () => {
    const started = await init(app);
    const cancelled = await submit(app, started.pagePath, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(CANCEL_URL);
    const answer = (await status(app, started)).json();
    expect(answer).toMatchObject({ StatusID: 4 });
    expect(answer).not.toHaveProperty('UserSSN');

    const withoutCancelUrl = await init(app, { CancelUrl: undefined });
    const back = await submit(app, withoutCancelUrl.pagePath, { action: 'cancel' });
    expect(back.headers.location).toBe(RETURN_URL);
  });

  it('cancels when the identity refuses in BankID, without a UserSSN', async () => {
    const started = await init(app);
    const refused = await submit(app, started.pagePath, { action: 'approve', ssn: '21919010182' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(CANCEL_URL);
    const answer = (await status(app, started)).json();
    expect(answer).toMatchObject({ StatusID: 4 });
    expect(answer).not.toHaveProperty('UserSSN');
  });

  it('fails with an error page that leads on to the CancelUrl', async () => {
    const started = await init(app);
    const failed = await submit(app, started.pagePath, { action: 'approve', ssn: '07896610087' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('BankID failed');
    expect(failed.body).toContain(`href="${CANCEL_URL.replace('&', '&amp;')}"`);
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 5 });
  });

  it('keeps a timing-out identity waiting, then expires the request and sends the person to the CancelUrl', async () => {
    const started = await init(app);
    const waiting = await submit(app, started.pagePath, { action: 'approve', ssn: '30827210060' });
    expect(waiting.statusCode).toBe(303);
    const waitPath = waiting.headers.location as string;
    expect(waitPath).toMatch(/^\/signing\/bankid\/[\w-]+\/wait\?lang=en$/);
    const page = await app.inject({ method: 'GET', url: waitPath });
    expect(page.body).toContain('Open the BankID app');
    expect(page.body).toContain('Tore Tidsavbrudd');
    expect(page.body).toMatch(/data-wait-ms="\d+"/);
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 2 });
    const stillWaiting = await submit(app, started.pagePath, { action: 'approve', ssn: '12857910093' });
    expect(stillWaiting.body).toContain('Open the BankID app');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const timedOut = await app.inject({ method: 'GET', url: waitPath });
    expect(timedOut.statusCode).toBe(303);
    expect(timedOut.headers.location).toBe(CANCEL_URL);
    expect((await status(app, started)).json()).toMatchObject({
      StatusID: 6,
      StatusText: expect.stringContaining('Expired'),
    });
  });

  it('lets a waiting person cancel', async () => {
    const started = await init(app);
    await submit(app, started.pagePath, { action: 'approve', ssn: '30827210060' });
    const cancelled = await submit(app, started.pagePath, { action: 'cancel' });
    expect(cancelled.headers.location).toBe(CANCEL_URL);
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 4 });
  });

  it('says on the page when a number is not a test identity, and lets the person try again', async () => {
    const started = await init(app);
    const notDigits = await submit(app, started.pagePath, { action: 'approve', ssn: '<b>abc</b>' });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.body).toContain('Type the 11 digits');
    expect(notDigits.body).toContain('value="&lt;b&gt;abc&lt;/b&gt;"');
    expect(notDigits.body).toContain('aria-invalid="true"');
    const unknown = await submit(app, started.pagePath, { action: 'approve', ssn: '01010112345' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('No test identity has the number 01010112345');
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 2 });
    const approved = await submit(app, started.pagePath, { action: 'approve', ssn: '03878510096' });
    expect(approved.headers.location).toBe(RETURN_URL);
  });

  it('says a finished request is finished, and refuses to act on it again', async () => {
    const started = await init(app);
    await submit(app, started.pagePath, { action: 'approve', ssn: '12857910093' });
    const page = await app.inject({ method: 'GET', url: started.pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This BankID request is finished');
    const again = await submit(app, started.pagePath, { action: 'cancel' });
    expect(again.statusCode).toBe(409);
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 3, UserSSN: '12857910093' });
  });

  it('expires a request not completed within 10 minutes of the sandbox clock', async () => {
    const started = await init(app);
    await app.inject({ method: 'GET', url: started.pagePath });
    await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 1 } });
    expect((await status(app, started)).json()).toMatchObject({ StatusID: 6 });
    const page = await app.inject({ method: 'GET', url: started.pagePath });
    expect(page.body).toContain('This BankID request is finished');
    const late = await submit(app, started.pagePath, { action: 'approve', ssn: '12857910093' });
    expect(late.statusCode).toBe(409);
  });

  it('answers hostile or broken page requests with a page, never a 500', async () => {
    const started = await init(app);
    const unknownToken = await app.inject({ method: 'GET', url: '/signing/bankid/nope%3Cscript%3E' });
    expect(unknownToken.statusCode).toBe(404);
    expect(unknownToken.body).toContain('No such BankID request');
    const badAction = await submit(app, started.pagePath, { action: 'delete' });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.body).toContain('The form could not be read');
    const huge = await submit(app, started.pagePath, { action: 'approve', ssn: '1'.repeat(5000) });
    expect(huge.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: started.pagePath, payload: { action: ['x'] } });
    expect(json.statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: started.pagePath });
    expect(empty.statusCode).toBe(400);
  });

  it('leaves out the UserSSN of a completed request when the client asks for the missing-user-ssn fault', async () => {
    const started = await init(app);
    await submit(app, started.pagePath, { action: 'approve', ssn: '12857910093' });
    const answer = (await status(app, started, 'en', { 'x-sandbox-fault': 'missing-user-ssn' })).json();
    expect(answer).toMatchObject({ StatusID: 3 });
    expect(answer).not.toHaveProperty('UserSSN');
  });

  it('documents its calls and StatusIDs in OpenAPI under the signing tag', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths;
    expect(paths['/signing/api/auth/init'].post.tags).toEqual(['signing']);
    expect(paths['/signing/api/auth/status'].get.summary).toContain('3 completed (UserSSN is set)');
  });
});
