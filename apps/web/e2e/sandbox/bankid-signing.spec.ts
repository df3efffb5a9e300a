import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { PRODUCT_URL, SANDBOX_URL } from '../support/sandbox';

/**
 * The signing provider's "approve with BankID" page, as a person meets it: the product starts an
 * authentication by API and sends the browser to AuthenticationUrl; the person picks a test
 * identity by keyboard and is sent back to the product. The product's return routes come in a
 * later issue, so only the address the browser lands on is checked, not what it shows.
 */

/** The sandbox's default signing client credentials, which the server's configuration also uses. */
const SIGNING_AUTHORIZATION = `Basic ${Buffer.from('bilag:sandbox-signing-secret').toString('base64')}`;
const CANCEL_URL = `${PRODUCT_URL}/sign-cancel?action=signant-auth`;

const KARI = '12857910093';
const RITA_REJECTS = '21919010182';
const TORE_TIMES_OUT = '30827210060';

type Started = { AuthenticationUrl: string; RequestID: string; TrackingID: string; returnUrl: string };

async function startAuthentication(request: APIRequestContext, lang: 'en' | 'nb' = 'en'): Promise<Started> {
  const returnUrl = `${PRODUCT_URL}/sign-next?action=signant-auth&reference=${crypto.randomUUID()}`;
  const response = await request.post(`${SANDBOX_URL}/signing/api/auth/init`, {
    headers: { authorization: SIGNING_AUTHORIZATION, lang },
    data: { ReturnUrl: returnUrl, CancelUrl: CANCEL_URL, ExternalReference: 'Payment batch 17' },
  });
  expect(response.status()).toBe(200);
  return { ...(await response.json()), returnUrl };
}

async function statusOf(request: APIRequestContext, started: Started) {
  const response = await request.get(`${SANDBOX_URL}/signing/api/auth/status`, {
    headers: { authorization: SIGNING_AUTHORIZATION, lang: 'en' },
    params: { requestID: started.RequestID, trackingID: started.TrackingID },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** Types a national identity number into the field the page focuses, then tabs to a button. */
async function typeIdentity(page: Page, ssn: string, label: string) {
  await expect(page.getByRole('textbox', { name: label })).toBeFocused();
  await page.keyboard.type(ssn);
}

test('a person approves with BankID by keyboard and lands on the ReturnUrl, and the status has their UserSSN', async ({
  page,
  request,
}) => {
  const started = await startAuthentication(request);
  await page.goto(started.AuthenticationUrl);
  await expect(page.getByRole('heading', { name: 'Confirm who you are with BankID' })).toBeVisible();
  await expect(page.getByText('Payment batch 17')).toBeVisible();

  await typeIdentity(page, KARI, 'National identity number (11 digits)');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Approve with BankID' })).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL(started.returnUrl);
  expect(page.url()).toBe(started.returnUrl);
  expect(await statusOf(request, started)).toMatchObject({ StatusID: 3, UserSSN: KARI });
});

test('a person who cancels lands on the CancelUrl, and the status says cancelled', async ({
  page,
  request,
}) => {
  const started = await startAuthentication(request);
  await page.goto(started.AuthenticationUrl);
  await expect(page.getByRole('textbox', { name: 'National identity number (11 digits)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL(CANCEL_URL);
  const status = await statusOf(request, started);
  expect(status).toMatchObject({ StatusID: 4 });
  expect(status).not.toHaveProperty('UserSSN');
});

test('an identity that refuses in BankID sends the person to the CancelUrl', async ({ page, request }) => {
  const started = await startAuthentication(request);
  await page.goto(started.AuthenticationUrl);
  await typeIdentity(page, RITA_REJECTS, 'National identity number (11 digits)');
  await page.keyboard.press('Enter');
  await page.waitForURL(CANCEL_URL);
  expect(await statusOf(request, started)).toMatchObject({ StatusID: 4 });
});

test('the BankID page has no serious accessibility violations in English and Norwegian, with an error shown too', async ({
  page,
  request,
}) => {
  const english = await startAuthentication(request, 'en');
  await page.goto(english.AuthenticationUrl);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await seriousViolations(page)).toEqual([]);

  await typeIdentity(page, '01010112345', 'National identity number (11 digits)');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/No test identity has the number 01010112345/);
  await expect(page.getByRole('textbox', { name: 'National identity number (11 digits)' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);

  const norwegian = await startAuthentication(request, 'nb');
  await page.goto(norwegian.AuthenticationUrl);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('heading', { name: 'Bekreft hvem du er med BankID' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an identity BankID waits for in vain shows a waiting page, then the person lands on the CancelUrl', async ({
  page,
  request,
}) => {
  const started = await startAuthentication(request, 'nb');
  await page.goto(started.AuthenticationUrl);
  await typeIdentity(page, TORE_TIMES_OUT, 'Fødselsnummer (11 siffer)');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Åpne BankID-appen' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Tore Tidsavbrudd');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await statusOf(request, started)).toMatchObject({ StatusID: 2 });

  // The sandbox started by the end-to-end server keeps BankID waiting for 15 seconds (e2e/server.mjs).
  await page.waitForURL(CANCEL_URL, { timeout: 40_000 });
  expect(await statusOf(request, started)).toMatchObject({ StatusID: 6 });
});
