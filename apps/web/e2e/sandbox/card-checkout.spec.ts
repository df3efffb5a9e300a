import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { PRODUCT_URL, SANDBOX_URL } from '../support/sandbox';

/**
 * The card provider's hosted checkout, as a person meets it: the product creates a PaymentIntent by
 * API and sends the browser to its checkout_url; the person pays by keyboard and is sent back to
 * the return_url. These intents are made here by API with a return_url outside any company, so only
 * the address the browser lands on is checked, and the intent's status by API; the product's own
 * purchases, which return to /{company}/payment-packages, are walked in e2e/payment-packages.
 */

/** The sandbox's default card secret key, which the server's configuration also uses. */
const CARD_AUTHORIZATION = 'Bearer sk_test_sandbox';

type Intent = { id: string; client_secret: string; checkout_url: string; status: string };

async function createIntent(request: APIRequestContext): Promise<Intent> {
  const response = await request.post(`${SANDBOX_URL}/card/v1/payment_intents`, {
    headers: { authorization: CARD_AUTHORIZATION, 'idempotency-key': crypto.randomUUID() },
    form: {
      amount: '149000',
      currency: 'nok',
      description: 'Betalingspakke Standard',
      'metadata[companyId]': '42',
      return_url: `${PRODUCT_URL}/payment-packages?package=standard`,
    },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

async function statusOf(request: APIRequestContext, intent: Intent): Promise<string> {
  const response = await request.get(`${SANDBOX_URL}/card/v1/payment_intents/${intent.id}`, {
    headers: { authorization: CARD_AUTHORIZATION },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).status;
}

/** Fills the checkout from the focused card number field on, by keyboard only, and presses Enter. */
async function payByKeyboard(page: Page, cardNumber: string, cardNumberLabel = 'Card number') {
  await expect(page.getByRole('textbox', { name: cardNumberLabel })).toBeFocused();
  await page.keyboard.type(cardNumber);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Kari Nordmann');
  await page.keyboard.press('Enter');
}

const returnUrlPattern = (intent: Intent) => new RegExp(`/payment-packages\\?.*payment_intent=${intent.id}`);

/**
 * Runs the person's last step and checks where the checkout sent them. The URL is read from the
 * navigation itself: /payment-packages names no company, so the product sends the signed-out
 * visitor on to sign-in at once.
 */
async function expectReturnedTo(
  page: Page,
  intent: Intent,
  redirectStatus: string,
  lastStep: () => Promise<unknown>,
) {
  const navigation = page.waitForRequest(
    (request) => request.isNavigationRequest() && returnUrlPattern(intent).test(request.url()),
  );
  await lastStep();
  const landed = new URL((await navigation).url());
  expect(`${landed.origin}${landed.pathname}`).toBe(`${PRODUCT_URL}/payment-packages`);
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    package: 'standard',
    payment_intent: intent.id,
    payment_intent_client_secret: intent.client_secret,
    redirect_status: redirectStatus,
  });
}

test('a person pays by keyboard with the success card and lands on the return_url, succeeded', async ({
  page,
  request,
}) => {
  const intent = await createIntent(request);
  await page.goto(`${intent.checkout_url}&lang=en`);
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await expect(page.getByText('Betalingspakke Standard')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay NOK 1,490.00' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await expectReturnedTo(page, intent, 'succeeded', () => payByKeyboard(page, '4242 4242 4242 4242'));
  expect(await statusOf(request, intent)).toBe('succeeded');
});

test('a declined card shows the error on the checkout page, and another card can be tried', async ({
  page,
  request,
}) => {
  const intent = await createIntent(request);
  await page.goto(`${intent.checkout_url}&lang=no`);
  await expect(page.getByRole('button', { name: 'Betal kr 1 490,00' })).toBeVisible();

  await payByKeyboard(page, '4000 0000 0000 0002', 'Kortnummer');
  await expect(page.getByRole('alert')).toHaveText('Kortet ble avvist. Prøv et annet kort.');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await statusOf(request, intent)).toBe('requires_payment_method');

  await expectReturnedTo(page, intent, 'succeeded', () =>
    payByKeyboard(page, '4242 4242 4242 4242', 'Kortnummer'),
  );
});

test('the 3-D Secure card goes through the issuer’s page before it is paid', async ({ page, request }) => {
  const intent = await createIntent(request);
  await page.goto(`${intent.checkout_url}&lang=en`);
  await payByKeyboard(page, '4000 0025 0000 3155');

  await expect(page.getByRole('heading', { name: 'Confirm the payment' })).toBeVisible();
  await expect(page.getByText('Visa •••• 3155')).toBeVisible();
  expect(await statusOf(request, intent)).toBe('requires_action');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
  await expectReturnedTo(page, intent, 'succeeded', () => page.keyboard.press('Enter'));
  expect(await statusOf(request, intent)).toBe('succeeded');
});

test('the checkout, its field errors and the 3-D Secure page have no serious accessibility violations in either language', async ({
  page,
  request,
}) => {
  const intent = await createIntent(request);
  for (const [lang, cardNumberLabel, check] of [
    ['en', 'Card number', 'Check the fields marked below.'],
    ['no', 'Kortnummer', 'Sjekk feltene som er merket nedenfor.'],
  ] as const) {
    await page.goto(`${intent.checkout_url}&lang=${lang}`);
    await expect(page.getByRole('textbox', { name: cardNumberLabel })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await payByKeyboard(page, '4242 4242 4242 4241', cardNumberLabel);
    await expect(page.getByRole('alert')).toHaveText(check);
    await expect(page.getByRole('textbox', { name: cardNumberLabel })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(await seriousViolations(page)).toEqual([]);
  }

  await page.goto(`${intent.checkout_url}&lang=no`);
  await payByKeyboard(page, '4000 0025 0000 3155', 'Kortnummer');
  await expect(page.getByRole('heading', { name: 'Bekreft betalingen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'La autentiseringen mislykkes' }).press('Enter');
  await expect(page.getByRole('alert')).toContainText('3-D Secure');
  expect(await statusOf(request, intent)).toBe('requires_payment_method');
});
