import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';

/** The demo bakery's books end today, matched, with transactions still waiting for vouchers. */
const bakery = demoCompanies.bakery;
const FIRST_LOAD_TIMEOUT_MS = 20_000;

function waitingCard(page: Page, kind: string): Locator {
  return page.getByTestId(`waiting-${kind}`);
}

async function countOn(card: Locator): Promise<number> {
  return Number(await card.getByTestId('waiting-count').textContent());
}

test('the front page counts what waits, and each card opens the list of exactly that', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${bakery.alias}/`);
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

  const missing = waitingCard(page, 'vouchersMissing');
  await expect(missing).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const missingCount = await countOn(missing);
  expect(missingCount).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: `Vouchers missing: ${missingCount}` })).toBeVisible();
  await missing.click();
  await expect(page).toHaveURL(`/${bakery.alias}/connect-missing?suggestions=2`);
  await expect(page.getByTestId('missing-count')).toHaveText(new RegExp(` of ${missingCount}$`), {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.goBack();
  const suggestions = waitingCard(page, 'suggestionsToAccept');
  const suggestionCount = await countOn(suggestions);
  expect(suggestionCount).toBeGreaterThan(0);
  await suggestions.click();
  await expect(page).toHaveURL(`/${bakery.alias}/connect-missing?suggestions=1`);
  await expect(page.getByTestId('missing-count')).toHaveText(new RegExp(` of ${suggestionCount}$`), {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(
    page
      .locator('[data-testid^="missing-row-"]')
      .first()
      .getByTestId(/^suggestion-/)
      .first(),
  ).toBeVisible();

  await page.goBack();
  const withoutVoucher = waitingCard(page, 'transactionsWithoutVoucher');
  const withoutCount = await countOn(withoutVoucher);
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(
    new Date(),
  );
  await expect(withoutVoucher).toContainText(`Every transaction of ${year} that still has no voucher`);
  await withoutVoucher.click();
  await expect(page).toHaveURL(`/${bakery.alias}/bank?year=${year}&status=1`);
  await expect(page.getByTestId('bank-year')).toHaveValue(year);
  await expect(page.getByTestId('transaction-count')).toHaveText(new RegExp(` of ${withoutCount}$`), {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});

/**
 * Answers the calls the front page counts with as they come for a company without books. Every demo
 * company gains books while the other tests run, so the empty company is given here.
 */
async function answerAsCompanyWithoutBooks(page: Page) {
  const reply = (data: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ isSuccess: true, success: true, message: '', data }),
  });
  const noCounts = {
    missing: 0,
    withSuggestions: 0,
    connected: 0,
    connectedAutomatically: 0,
    openVouchers: 0,
  };
  await page.route('**/api/main/transactions/missing?*', (route) =>
    route.fulfill(reply({ total: 0, rows: [], counts: noCounts })),
  );
  await page.route('**/api/main/transactions/years?*', (route) =>
    route.fulfill(reply([new Date().getFullYear()])),
  );
  await page.route('**/api/main/transactions/getMissingSummary?*', (route) =>
    route.fulfill(
      reply({ total: 0, missingVoucher: 0, connected: 0, private: 0, lost: 0, missingAmountOre: 0 }),
    ),
  );
}

test('a company with no books yet is told what to do first, in both languages', async ({ page }) => {
  const bureau = demoCompanies.bureau;
  await signIn(page, demoUsers.accountant.email);
  await answerAsCompanyWithoutBooks(page);
  await page.goto(`/${bureau.alias}/`);

  const start = page.getByTestId('waiting-empty');
  await expect(start.getByRole('heading', { name: 'Start with the bank' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(start).toContainText("Add the company's bank account and import a bank statement");
  await start.getByRole('link', { name: 'Add a bank account' }).click();
  await expect(page).toHaveURL(`/${bureau.alias}/bank-management`);

  await page.goto(`/${bureau.alias}/`);
  await pickLanguage(page, 'no');
  await expect(start.getByRole('heading', { name: 'Start med banken' })).toBeVisible();
  await expect(start.getByRole('link', { name: 'Importer kontoutskrift' })).toBeVisible();
});
