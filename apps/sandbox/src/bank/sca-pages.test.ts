import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  BAKERY,
  BAKERY_OPERATING,
  BAKERY_TAX,
  createConsent,
  FEIL_FAILS,
  givenSandbox,
  initiation,
  KARI,
  NOK_URI,
  OK_URI,
  OLA,
  postForm,
  RITA_REJECTS,
  readAccounts,
  scaPathOf,
  TORE_TIMES_OUT,
  tpp,
  walkSca,
} from './test-support';

describe('bank SCA pages', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await givenSandbox();
  });
  afterAll(() => app.close());

  const consentStatus = async (consentId: string) =>
    (
      await app.inject({ method: 'GET', url: `/psd2/dnb/v1/consents/${consentId}/status`, headers: tpp() })
    ).json().consentStatus;
  const scaStatus = async (answer: { _links: { scaStatus: { href: string } } }) =>
    (
      await app.inject({ method: 'GET', url: `/psd2/dnb${answer._links.scaStatus.href}`, headers: tpp() })
    ).json().scaStatus;

  it('shows what is asked, in English and Norwegian, with a labelled identity field to start from', async () => {
    const answer = (await createConsent(app, { headers: { 'psu-corporate-id': BAKERY } })).json();
    const english = await app.inject({ method: 'GET', url: `${scaPathOf(answer)}?lang=en` });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('data-sandbox-banner');
    expect(english.body).toContain('DNB Bank');
    expect(english.body).toContain('Nordlys Bakeri AS');
    expect(english.body).toContain('All accounts');
    expect(english.body).toMatch(/<label for="ssn">National identity number/);
    expect(english.body).toMatch(/<input id="ssn"[^>]*autofocus/);

    const norwegian = await app.inject({
      method: 'GET',
      url: scaPathOf(answer),
      headers: { 'accept-language': 'nb-NO' },
    });
    expect(norwegian.body).toContain('lang="nb"');
    expect(norwegian.body).toContain('Del kontoinformasjon');
    expect(norwegian.body).toContain('Fødselsnummer');
    expect(norwegian.body).toContain('Alle kontoer');
  });

  it('approves: back to the TPP, and the consent holds the accounts the person may use among those asked', async () => {
    const answer = (
      await createConsent(app, { access: { accounts: [{ bban: BAKERY_OPERATING }, { bban: BAKERY_TAX }] } })
    ).json();
    const login = await postForm(app, `${scaPathOf(answer)}/login?lang=en`, { ssn: OLA });
    expect(login.statusCode).toBe(303);
    const review = await app.inject({ method: 'GET', url: login.headers.location as string });
    expect(review.body).toContain('Ola Nordmann');
    expect(review.body).toContain('1503.01.23457 Driftskonto');
    expect(review.body).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);

    const approved = await postForm(app, `${scaPathOf(answer)}/decision`, { decision: 'approve' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(OK_URI);
    expect(await consentStatus(answer.consentId)).toBe('valid');
    const accounts = (await readAccounts(app, answer.consentId, '/accounts')).json().accounts;
    expect(accounts.map((account: { bban: string }) => account.bban)).toEqual([BAKERY_OPERATING]);
  });

  it('rejects on the page: failed, rejected, and back to the NOK redirect', async () => {
    const answer = (await createConsent(app)).json();
    const rejected = await walkSca(app, scaPathOf(answer), KARI, 'reject');
    expect(rejected.statusCode).toBe(303);
    expect(rejected.headers.location).toBe(NOK_URI);
    expect(await scaStatus(answer)).toBe('failed');
    expect(await consentStatus(answer.consentId)).toBe('rejected');
  });

  it('cancels before login, back to TPP-Redirect-URI when no NOK redirect was given', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/psd2/dnb/v1/consents',
      headers: tpp({ 'tpp-redirect-uri': OK_URI }),
      payload: {
        access: { availableAccounts: 'allAccounts' },
        recurringIndicator: false,
        validUntil: '2099-12-31',
        frequencyPerDay: 1,
        combinedServiceIndicator: false,
      },
    });
    const answer = created.json();
    const cancelled = await postForm(app, `${scaPathOf(answer)}/decision`, { decision: 'reject' });
    expect(cancelled.headers.location).toBe(OK_URI);
    expect(await consentStatus(answer.consentId)).toBe('rejected');
  });

  it('cannot approve without logging in first', async () => {
    const answer = (await createConsent(app)).json();
    const approved = await postForm(app, `${scaPathOf(answer)}/decision`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('id="ssn"');
    expect(await consentStatus(answer.consentId)).toBe('received');
  });

  it('shows the refusal of a person who rejects in BankID and leads to the NOK redirect', async () => {
    const answer = (await createConsent(app)).json();
    const refused = await postForm(app, `${scaPathOf(answer)}/login`, { ssn: RITA_REJECTS });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('Rejected in BankID');
    expect(refused.body).toContain(`href="${NOK_URI.replaceAll('&', '&amp;')}"`);
    expect(await scaStatus(answer)).toBe('failed');
    expect(await consentStatus(answer.consentId)).toBe('rejected');
  });

  it('shows a technical error for a person whose BankID fails', async () => {
    const answer = (await createConsent(app)).json();
    const failed = await postForm(app, `${scaPathOf(answer)}/login?lang=no`, { ssn: FEIL_FAILS });
    expect(failed.body).toContain('teknisk feil');
    expect(failed.body).toContain(`href="${NOK_URI.replaceAll('&', '&amp;')}"`);
    expect(await scaStatus(answer)).toBe('failed');
    expect(await consentStatus(answer.consentId)).toBe('rejected');
  });

  it('keeps a person whose BankID never answers waiting, then fails the SCA and sends them to the NOK redirect', async () => {
    const answer = (await createConsent(app)).json();
    const login = await postForm(app, `${scaPathOf(answer)}/login?lang=en`, { ssn: TORE_TIMES_OUT });
    expect(login.statusCode).toBe(303);
    const waiting = await app.inject({ method: 'GET', url: login.headers.location as string });
    expect(waiting.body).toContain('Waiting for BankID');
    expect(waiting.body).toContain('<script>setTimeout(');
    expect(waiting.body).toMatch(/<button[^>]*>Check again<\/button>/);
    expect(await scaStatus(answer)).toBe('psuIdentified');

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const timedOut = await app.inject({ method: 'GET', url: login.headers.location as string });
    expect(timedOut.statusCode).toBe(303);
    expect(timedOut.headers.location).toBe(NOK_URI);
    expect(await scaStatus(answer)).toBe('failed');
    expect(await consentStatus(answer.consentId)).toBe('rejected');
  });

  it('fails a waiting SCA on time even when nobody comes back to the page', async () => {
    const answer = (await createConsent(app)).json();
    await postForm(app, `${scaPathOf(answer)}/login`, { ssn: TORE_TIMES_OUT });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await scaStatus(answer)).toBe('failed');
  });

  it('says what is wrong with an identity number and lets the person try again', async () => {
    const answer = (await createConsent(app, { access: { accounts: [{ bban: BAKERY_TAX }] } })).json();
    const cases = [
      { ssn: '123', text: 'Enter a national identity number of 11 digits.' },
      { ssn: '01010112345', text: 'No BankID was found for this national identity number.' },
      { ssn: OLA, text: 'You may not act on the accounts this request is for.' },
    ];
    for (const { ssn, text } of cases) {
      const page = await postForm(app, `${scaPathOf(answer)}/login`, { ssn });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(text);
      expect(page.body).toContain('aria-invalid="true"');
      expect(page.body).toContain('aria-describedby="ssn-error ssn-hint"');
    }
    expect(await scaStatus(answer)).toBe('received');
    const approved = await walkSca(app, scaPathOf(answer), KARI);
    expect(approved.headers.location).toBe(OK_URI);
  });

  it('fixes the person the TPP named in PSU-ID and refuses anyone else', async () => {
    const answer = (await createConsent(app, { headers: { 'psu-id': KARI } })).json();
    const page = await app.inject({ method: 'GET', url: scaPathOf(answer) });
    expect(page.body).toMatch(new RegExp(`<input id="ssn"[^>]*value="${KARI}"[^>]*readonly`, 's'));
    const other = await postForm(app, `${scaPathOf(answer)}/login`, { ssn: OLA });
    expect(other.body).toContain('This request is for another person.');
    expect((await walkSca(app, scaPathOf(answer), KARI)).headers.location).toBe(OK_URI);
  });

  it('shows a finished authorisation as finished, whatever is posted to it again', async () => {
    const answer = (await createConsent(app)).json();
    await walkSca(app, scaPathOf(answer), KARI);
    const again = await app.inject({ method: 'GET', url: `${scaPathOf(answer)}?lang=en` });
    expect(again.body).toContain('This request is finished');
    expect(again.body).toContain('It was approved.');
    const relogin = await postForm(app, `${scaPathOf(answer)}/login?lang=en`, { ssn: RITA_REJECTS });
    expect(relogin.body).toContain('This request is finished');
    const reject = await postForm(app, `${scaPathOf(answer)}/decision?lang=en`, { decision: 'reject' });
    expect(reject.body).toContain('This request is finished');
    expect(await consentStatus(answer.consentId)).toBe('valid');
  });

  it('knows an authorisation only under its own bank', async () => {
    const answer = (await createConsent(app)).json();
    const path = scaPathOf(answer).replace('/psd2/dnb/', '/psd2/sparebank1/');
    const elsewhere = await app.inject({ method: 'GET', url: path });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).toContain('The bank does not know this request.');
    const made_up = await app.inject({ method: 'GET', url: `/psd2/dnb/sca/${crypto.randomUUID()}?lang=no` });
    expect(made_up.statusCode).toBe(404);
    expect(made_up.body).toContain('Banken kjenner ikke denne forespørselen.');
  });

  it('redirects only to the URI the TPP gave, whatever the page is sent', async () => {
    const answer = (await createConsent(app)).json();
    await postForm(app, `${scaPathOf(answer)}/login?redirect=https://evil.test`, { ssn: KARI });
    const approved = await app.inject({
      method: 'POST',
      url: `${scaPathOf(answer)}/decision?redirect=https://evil.test`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve&tpp-redirect-uri=https://evil.test',
    });
    expect(approved.headers.location).toBe(OK_URI);
  });

  it('escapes what the TPP sent wherever the page shows it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/psd2/dnb/v1/payments/norwegian-domestic-credit-transfers',
      headers: initiation(),
      payload: {
        debtorAccount: { bban: BAKERY_OPERATING },
        instructedAmount: { currency: 'NOK', amount: '100.00' },
        creditorAccount: { bban: '12075550012' },
        creditorName: '<script>alert("x")</script>',
        remittanceInformationUnstructured: '"><img src=x onerror=alert(1)>',
      },
    });
    expect(created.statusCode).toBe(201);
    const page = await app.inject({ method: 'GET', url: scaPathOf(created.json()) });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});
