import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';
import { signIn } from '../support/session';

/**
 * Buying payment packages as the bakery's CEO: the packages page sends the person to the card
 * provider's hosted checkout (the sandbox), they pay there with a test card, and the provider sends
 * them back to the page, which shows what became of the payment. Each test buys its own purchase and
 * follows it by its id, so tests running at the same time do not see each other's.
 */

const company = demoCompanies.bakery;
const packagesPath = `/${company.alias}/payment-packages`;
/** A first visit loads the screen's code and its calls; a busy test machine needs the time. */
const FIRST_LOAD_TIMEOUT_MS = 20_000;

const checkoutTexts = {
  en: { cardNumber: 'Card number', back: 'Back to the shop without paying' },
  no: { cardNumber: 'Kortnummer', back: 'Tilbake til butikken uten å betale' },
} as const;

async function openPackages(page: Page, language: 'en' | 'no' = 'en') {
  await signIn(page, demoUsers.ceo.email, { language });
  await page.goto(packagesPath);
  await expect(page.getByTestId('package-catalogue')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** Clicks the package's buy button and waits for the provider's checkout. */
async function buy(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  await page.waitForURL(`${SANDBOX_URL}/card/checkout/**`);
}

/** Fills the checkout by keyboard from the focused card number field on, and presses Enter. */
async function payByKeyboard(page: Page, cardNumber: string, language: 'en' | 'no' = 'en') {
  await expect(page.getByRole('textbox', { name: checkoutTexts[language].cardNumber })).toBeFocused();
  await page.keyboard.type(cardNumber);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ola Ansatt');
  await page.keyboard.press('Enter');
}

/** Whether the card provider has mailed the person its receipt for the card payment. */
async function isReceiptMailed(page: Page, email: string, paymentReference: string): Promise<boolean> {
  const query = new URLSearchParams({ to: email, subject: 'Your receipt', limit: '20' });
  const listed = await page.request.get(`${SANDBOX_URL}/mail/api/messages?${query}`);
  const { messages } = (await listed.json()) as { messages: { id: string }[] };
  for (const message of messages) {
    const mail = await page.request.get(`${SANDBOX_URL}/mail/api/messages/${message.id}`);
    if (((await mail.json()) as { text: string | null }).text?.includes(paymentReference)) return true;
  }
  return false;
}

/** Back on the packages page from the provider: the purchase's id, read from the address. */
async function returnedPurchaseId(page: Page): Promise<number> {
  await page.waitForURL((url) => url.pathname === packagesPath && url.searchParams.has('purchase'));
  // The provider's parameters, the client secret among them, leave the address at once.
  await expect(page).not.toHaveURL(/payment_intent_client_secret/);
  return Number(new URL(page.url()).searchParams.get('purchase'));
}

test('the CEO buys a package with the success card and comes back to it paid, in force and with its receipt', async ({
  page,
}) => {
  await openPackages(page);
  await expect(page.getByRole('heading', { name: 'Payment packages', level: 1 })).toBeVisible();
  await expect(page.getByTestId('package-payments-start').getByTestId('package-price')).toHaveText(
    '490,00\u00A0NOK',
  );
  await expect(page.getByTestId('package-payments-start')).toContainText('incl. 98,00\u00A0NOK VAT');
  expect(await seriousViolations(page)).toEqual([]);

  await buy(page, 'Buy Payments Start');
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await expect(page.getByText('Payments Start – Nordlys Bakeri AS')).toBeVisible();
  await payByKeyboard(page, '4242 4242 4242 4242');

  const purchaseId = await returnedPurchaseId(page);
  const outcome = page.getByTestId('purchase-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'paid');
  await expect(outcome).toContainText('Payment received');
  await expect(outcome).toContainText('Payments Start is in force from');
  const row = page.getByTestId(`purchase-${purchaseId}`);
  await expect(row.getByTestId('purchase-status')).toHaveText('Active');
  await expect(row).toContainText(`by ${demoUsers.ceo.fullName}`);
  expect(await seriousViolations(page)).toEqual([]);

  await outcome.getByRole('link', { name: 'Receipt for Payments Start' }).click();
  const receipt = page.getByTestId('package-receipt');
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('490,00\u00A0NOK');
  await expect(page.getByTestId('receipt-vat')).toHaveText('98,00\u00A0NOK');
  await expect(page.getByTestId('receipt-net')).toHaveText('392,00\u00A0NOK');
  await expect(page.getByTestId('receipt-buyer')).toContainText('Nordlys Bakeri AS');
  await expect(page.getByTestId('receipt-buyer')).toContainText('Org. no. 923 456 783');
  await expect(page.getByTestId('receipt-buyer')).toContainText(`Bought by ${demoUsers.ceo.fullName}`);
  await expect(receipt).toContainText('Card payment: pi_');
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  // The card provider mails its own receipt to the buyer, whose address the product gave it.
  const paymentReference = (await page.getByTestId('receipt-payment-reference').textContent()) ?? '';
  await expect
    .poll(() => isReceiptMailed(page, demoUsers.ceo.email, paymentReference), { timeout: 10_000 })
    .toBe(true);
});

test('a declined card keeps the provider’s message and code on the purchase, and another card pays it', async ({
  page,
}) => {
  await openPackages(page);
  await buy(page, 'Buy Payments Pro');
  await payByKeyboard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('The card was declined. Try another card.');
  await page.getByRole('link', { name: checkoutTexts.en.back }).click();

  const purchaseId = await returnedPurchaseId(page);
  const outcome = page.getByTestId('purchase-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(outcome).toContainText('The card was refused');
  await expect(outcome).toContainText('The card was declined. Try another card, or ask the card issuer why.');
  await expect(outcome.getByTestId('purchase-failure-provider')).toHaveText(
    'The card provider said: “The card was declined.” (code generic_decline)',
  );
  const row = page.getByTestId(`purchase-${purchaseId}`);
  await expect(row.getByTestId('purchase-status')).toHaveText('Card refused');
  await expect(row.getByTestId('purchase-failure-provider')).toContainText('generic_decline');
  expect(await seriousViolations(page)).toEqual([]);

  await outcome.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(`${SANDBOX_URL}/card/checkout/**`);
  await payByKeyboard(page, '4242 4242 4242 4242');
  expect(await returnedPurchaseId(page)).toBe(purchaseId);
  await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'paid');
  await expect(row.getByTestId('purchase-status')).toHaveText('Active');
  await expect(row.getByTestId('purchase-failure')).toHaveCount(0);
});

test('the 3-D Secure card is paid once the issuer’s page is approved', async ({ page }) => {
  await openPackages(page);
  await buy(page, 'Buy Remittance 100');
  await payByKeyboard(page, '4000 0025 0000 3155');
  await expect(page.getByRole('heading', { name: 'Confirm the payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  const purchaseId = await returnedPurchaseId(page);
  await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'paid');
  await expect(page.getByTestId(`purchase-${purchaseId}`).getByTestId('purchase-status')).toHaveText(
    'Active',
  );
});

test('a failed 3-D Secure check is shown in Norwegian as the issuer’s refusal, with the provider’s code', async ({
  page,
}) => {
  await openPackages(page, 'no');
  await buy(page, 'Kjøp Remittering 500');
  await payByKeyboard(page, '4000 0025 0000 3155', 'no');
  await expect(page.getByRole('heading', { name: 'Bekreft betalingen' })).toBeVisible();
  await page.getByRole('button', { name: 'La autentiseringen mislykkes' }).click();
  await expect(page.getByRole('alert')).toContainText('3-D Secure');
  await page.getByRole('link', { name: checkoutTexts.no.back }).click();

  const purchaseId = await returnedPurchaseId(page);
  const outcome = page.getByTestId('purchase-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(outcome).toContainText('Kortet ble avvist');
  await expect(outcome).toContainText(
    'Betalingen ble ikke bekreftet hos kortutstederen (3-D Secure). Prøv igjen.',
  );
  await expect(outcome.getByTestId('purchase-failure-provider')).toContainText(
    '(kode payment_intent_authentication_failure)',
  );
  await expect(page.getByTestId(`purchase-${purchaseId}`).getByTestId('purchase-status')).toHaveText(
    'Kortet ble avvist',
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test('a person who leaves the checkout without paying is told nothing was charged, and can pay later', async ({
  page,
}) => {
  await openPackages(page);
  await buy(page, 'Buy Bank integration');
  await page.getByRole('link', { name: checkoutTexts.en.back }).click();

  const purchaseId = await returnedPurchaseId(page);
  const outcome = page.getByTestId('purchase-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'left');
  await expect(outcome).toContainText('You left the checkout without paying. Nothing was charged.');
  const row = page.getByTestId(`purchase-${purchaseId}`);
  await expect(row.getByTestId('purchase-status')).toHaveText('Awaiting payment');

  await outcome.getByRole('button', { name: 'Close' }).click();
  await expect(outcome).toBeHidden();
  await row.getByRole('button', { name: 'Pay now (Bank integration)', exact: true }).click();
  await page.waitForURL(`${SANDBOX_URL}/card/checkout/**`);
  await payByKeyboard(page, '5555 5555 5555 4444');
  expect(await returnedPurchaseId(page)).toBe(purchaseId);
  await expect(row.getByTestId('purchase-status')).toHaveText('Active');
});

test('an accountant sees the packages and the bakery’s purchases, and is not offered to buy', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(packagesPath);
  await expect(page.getByTestId('package-catalogue')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByText('Only the CEO or an administrator can buy packages.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy / })).toHaveCount(0);
  // The demo's package, bought by Ola and in force, with its receipt.
  const demoPurchase = page
    .getByTestId('company-purchases')
    .getByRole('row')
    .filter({ hasText: 'Payments Standard' })
    .filter({ hasText: `by ${demoUsers.ceo.fullName}` })
    .first();
  await expect(demoPurchase.getByTestId('purchase-status')).toHaveText('Active');
  await expect(demoPurchase.getByRole('link', { name: 'Receipt for Payments Standard' })).toBeVisible();
  await expect(page.getByTestId('payment-allowance')).toContainText('payments used');
  expect(await seriousViolations(page)).toEqual([]);
});
