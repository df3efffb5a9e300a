import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { PRODUCT_URL, SANDBOX_URL } from '../support/sandbox';

/**
 * A sandbox bank's SCA page (NextGenPSD2, redirect approach), as a person meets it: the product
 * makes a consent or payment by API and sends the browser to its scaRedirect; the person logs in
 * with a test identity by keyboard and approves or rejects, and the bank sends them back to the
 * redirect URI the product gave. The product's callback routes come in a later issue, so only the
 * address the browser lands on is checked, not what it shows.
 */

const DNB = `${SANDBOX_URL}/psd2/dnb/v1`;
const KARI = '12857910093';
const RITA_REJECTS = '21919010182';
const TORE_TIMES_OUT = '30827210060';
const BAKERY_OPERATING = '15030123457';
const BAKERY = '923456783';
const SSN_LABEL = 'National identity number (11 digits)';

type Initiated = {
  _links: { scaRedirect: { href: string }; status: { href: string } };
  okUri: string;
  nokUri: string;
};

function callbacks(kind: 'consent' | 'payment') {
  const state = crypto.randomUUID();
  return {
    okUri: `${PRODUCT_URL}/${kind}/sca-callback?state=${state}`,
    nokUri: `${PRODUCT_URL}/${kind}/sca-callback?state=${state}&outcome=rejected`,
  };
}

function tppHeaders(uris: { okUri: string; nokUri: string }) {
  return {
    'x-request-id': crypto.randomUUID(),
    'psu-corporate-id': BAKERY,
    'tpp-redirect-uri': uris.okUri,
    'tpp-nok-redirect-uri': uris.nokUri,
    'tpp-redirect-preferred': 'true',
  };
}

async function createConsent(request: APIRequestContext): Promise<Initiated> {
  const uris = callbacks('consent');
  const response = await request.post(`${DNB}/consents`, {
    headers: tppHeaders(uris),
    data: {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2099-12-31',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    },
  });
  expect(response.status()).toBe(201);
  return { ...(await response.json()), ...uris };
}

async function initiatePayment(request: APIRequestContext): Promise<Initiated> {
  const uris = callbacks('payment');
  const response = await request.post(`${DNB}/payments/norwegian-domestic-credit-transfers`, {
    headers: tppHeaders(uris),
    data: {
      endToEndIdentification: `E2E-${crypto.randomUUID().slice(0, 8)}`,
      debtorAccount: { bban: BAKERY_OPERATING },
      instructedAmount: { currency: 'NOK', amount: '1250.00' },
      creditorAccount: { bban: '97101234561' },
      creditorName: 'Vestlandsmel AS',
      remittanceInformationStructured: { reference: '1234567890003', referenceType: 'SCOR' },
    },
  });
  expect(response.status()).toBe(201);
  return { ...(await response.json()), ...uris };
}

async function statusOf(request: APIRequestContext, initiated: Initiated) {
  const response = await request.get(`${SANDBOX_URL}/psd2/dnb${initiated._links.status.href}`, {
    headers: { 'x-request-id': crypto.randomUUID() },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** Types a national identity number into the field the page focuses, and logs in with Enter. */
async function logIn(page: Page, ssn: string, label = SSN_LABEL) {
  await expect(page.getByRole('textbox', { name: label })).toBeFocused();
  await page.keyboard.type(ssn);
  await page.keyboard.press('Enter');
}

test('a person approves a consent by keyboard, lands on the redirect URI, and the consent is valid', async ({
  page,
  request,
}) => {
  const consent = await createConsent(request);
  await page.goto(consent._links.scaRedirect.href);
  await expect(page.getByRole('heading', { name: 'Share account information', level: 1 })).toBeVisible();
  await expect(page.getByText('Nordlys Bakeri AS (923 456 783)')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Sandbox');

  await logIn(page, KARI);
  await expect(page.getByText('Logged in as Kari Nordmann.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '1503.01.23457 Driftskonto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL(consent.okUri);
  expect(page.url()).toBe(consent.okUri);
  expect(await statusOf(request, consent)).toEqual({ consentStatus: 'valid' });
});

test('a person who rejects in BankID sees the refusal and ends on the NOK redirect, the consent rejected', async ({
  page,
  request,
}) => {
  const consent = await createConsent(request);
  await page.goto(consent._links.scaRedirect.href);
  await logIn(page, RITA_REJECTS);
  await expect(page.getByRole('heading', { name: 'Rejected in BankID', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('nothing was approved');
  expect(await seriousViolations(page)).toEqual([]);
  const back = page.getByRole('link', { name: 'Back to the service' });
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL(consent.nokUri);
  expect(page.url()).toBe(consent.nokUri);
  expect(await statusOf(request, consent)).toEqual({ consentStatus: 'rejected' });
});

test('a person approves a payment by keyboard, and the bank accepts and executes it', async ({
  page,
  request,
}) => {
  const payment = await initiatePayment(request);
  await page.goto(payment._links.scaRedirect.href);
  await expect(page.getByRole('heading', { name: 'Approve payment', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Recipient Vestlandsmel AS/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /KID 1234567890003/ })).toBeVisible();

  await logIn(page, KARI);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL(payment.okUri);
  const { transactionStatus } = await statusOf(request, payment);
  expect(['ACTC', 'ACSC']).toContain(transactionStatus);
});

test('a person whose BankID never answers waits, then ends on the NOK redirect', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const consent = await createConsent(request);
  await page.goto(consent._links.scaRedirect.href);
  await logIn(page, TORE_TIMES_OUT);
  await expect(page.getByRole('heading', { name: 'Waiting for BankID…', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.waitForURL(consent.nokUri, { timeout: 60_000 });
  expect(await statusOf(request, consent)).toEqual({ consentStatus: 'rejected' });
});

test('the SCA pages pass axe in English and Norwegian', async ({ page, request }) => {
  test.setTimeout(150_000);
  const pages = [
    {
      lang: 'en',
      label: SSN_LABEL,
      error: 'Enter a national identity number of 11 digits.',
      approve: 'Approve',
    },
    {
      lang: 'no',
      label: 'Fødselsnummer (11 siffer)',
      error: 'Skriv et fødselsnummer på 11 siffer.',
      approve: 'Godkjenn',
    },
  ] as const;
  for (const { lang, label, error, approve } of pages) {
    for (const initiated of [await createConsent(request), await initiatePayment(request)]) {
      await page.goto(`${initiated._links.scaRedirect.href}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'no' ? 'nb' : 'en');
      expect(await seriousViolations(page)).toEqual([]);

      await logIn(page, '123', label);
      await expect(page.getByRole('alert')).toHaveText(error);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('textbox', { name: label }).fill(KARI);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: approve })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
    }
  }
});
