import type { CompanyOverview } from '@bilag/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { approvedConsent, daysFromToday } from '../consents/helpers';
import { receiveEhf, sendExampleEhf } from '../inbox/helpers';
import { paymentRefusedByBank, replyThePageGets, revokeConsent } from '../statistics/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

/** The demo bakery's books end today, matched, with transactions still waiting for vouchers. */
const bakery = demoCompanies.bakery;
const FIRST_LOAD_TIMEOUT_MS = 20_000;

function waitingCard(page: Page, kind: string): Locator {
  return page.getByTestId(`waiting-${kind}`);
}

/** The total of a list's count line ("1–20 of 57"), once the list has loaded. */
async function listTotal(count: Locator): Promise<number> {
  await expect(count).toHaveText(/ of \d+$/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  return Number((await count.textContent())?.match(/ of (\d+)$/)?.[1]);
}

/**
 * Opens the card's list from the front page and checks that it lists exactly what the card counted.
 * Other tests change the bakery's books meanwhile (they connect, pay and import), so a count read a
 * moment before the list may be out of date: the whole step is tried again until both agree.
 */
async function expectCardOpensItsList(
  page: Page,
  card: Locator,
  list: { url: string; count: Locator },
): Promise<number> {
  let counted = 0;
  await expect(async () => {
    await page.goto(`/${bakery.alias}/`);
    await expect(card).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    counted = await countOn(card);
    await card.click();
    await expect(page).toHaveURL(list.url);
    expect(await listTotal(list.count)).toBe(counted);
  }).toPass({ timeout: 90_000 });
  return counted;
}

async function countOn(card: Locator): Promise<number> {
  return Number(await card.getByTestId('waiting-count').textContent());
}

test('the front page counts what waits, and each card opens the list of exactly that', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${bakery.alias}/`);
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

  const missing = waitingCard(page, 'vouchersMissing');
  await expect(missing).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const shownMissing = await countOn(missing);
  // A card is named by all it shows, its count first, so speech input can say what it sees (WCAG 2.5.3).
  await expect(missing).toHaveAccessibleName(new RegExp(`^${shownMissing} Vouchers missing `));
  const missingCount = await expectCardOpensItsList(page, missing, {
    url: `/${bakery.alias}/connect-missing?suggestions=2`,
    count: page.getByTestId('missing-count'),
  });
  expect(missingCount).toBeGreaterThan(0);

  const suggestions = waitingCard(page, 'suggestionsToAccept');
  const suggestionCount = await expectCardOpensItsList(page, suggestions, {
    url: `/${bakery.alias}/connect-missing?suggestions=1`,
    count: page.getByTestId('missing-count'),
  });
  expect(suggestionCount).toBeGreaterThan(0);
  await expect(
    page
      .locator('[data-testid^="missing-row-"]')
      .first()
      .getByTestId(/^suggestion-/)
      .first(),
  ).toBeVisible();

  const withoutVoucher = waitingCard(page, 'transactionsWithoutVoucher');
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(
    new Date(),
  );
  await page.goto(`/${bakery.alias}/`);
  await expect(withoutVoucher).toContainText(`Every transaction of ${year} that still has no voucher`, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expectCardOpensItsList(page, withoutVoucher, {
    url: `/${bakery.alias}/bank?year=${year}&status=1`,
    count: page.getByTestId('transaction-count'),
  });
  await expect(page.getByTestId('bank-year')).toHaveValue(year);
});

test('the front page counts payments to approve and tasks due, and each card opens its list', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  const overview = await replyThePageGets<CompanyOverview>(page, 'overview', () =>
    page.goto(`/${bakery.alias}/`),
  );
  // The demo has payments waiting for approval and tasks falling due.
  expect(overview.waiting.paymentsForApproval).toBeGreaterThan(0);
  expect(overview.waiting.tasksDue).toBeGreaterThan(0);

  const payments = waitingCard(page, 'paymentsForApproval');
  await expect(payments.getByTestId('waiting-count')).toHaveText(
    String(overview.waiting.paymentsForApproval),
    {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    },
  );
  await payments.click();
  await expect(page).toHaveURL(`/${bakery.alias}/payments/payment-list?from=none`);
  await expect(page.getByRole('tab', { name: /^Waiting for approval/, selected: true })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.goBack();
  const tasks = waitingCard(page, 'tasksDue');
  await expect(tasks.getByTestId('waiting-count')).toHaveText(String(overview.waiting.tasksDue));
  await expect(tasks).toContainText('Open tasks due within 7 days');
  await tasks.click();
  await expect(page).toHaveURL(`/${bakery.alias}/task`);
});

test('failed payments, consents ending and unread mail each get a card that opens the filtered list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Each made for real: an EHF invoice arrives unread, the bank refuses a payment, a consent ends in 5 days.
  await receiveEhf(page, bakery);
  await sendExampleEhf(page, bakery, 'office-supplies-invoice');
  await signIn(page, demoUsers.accountant.email);
  await paymentRefusedByBank(page, bakery);
  const consent = await approvedConsent(page, bakery, { validUntil: daysFromToday(5) });
  try {
    const overview = await replyThePageGets<CompanyOverview>(page, 'overview', () =>
      page.goto(`/${bakery.alias}/`),
    );
    const { waiting } = overview;
    expect(waiting.paymentsFailed).toBeGreaterThan(0);
    expect(waiting.consentsExpiring).toBeGreaterThan(0);
    expect(waiting.inboxUnread).toBeGreaterThan(0);

    const failed = waitingCard(page, 'paymentsFailed');
    await expect(failed.getByTestId('waiting-count')).toHaveText(String(waiting.paymentsFailed), {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(failed).toHaveAttribute('href', `/${bakery.alias}/payments/payment-list?status=2&from=none`);
    const consents = waitingCard(page, 'consentsExpiring');
    await expect(consents.getByTestId('waiting-count')).toHaveText(String(waiting.consentsExpiring));
    await expect(consents).toContainText('Consents that end within 14 days');
    await expect(consents.getByTestId('waiting-count')).toHaveCSS('color', 'rgb(224, 49, 49)');
    await expect(consents).toHaveAttribute('href', `/${bakery.alias}/consent`);
    const inbox = waitingCard(page, 'inboxUnread');
    await expect(inbox.getByTestId('waiting-count')).toHaveText(String(waiting.inboxUnread));
    await inbox.click();
    await expect(page).toHaveURL(`/${bakery.alias}/inbox?read=unread`);

    await page.goBack();
    await failed.click();
    await expect(page).toHaveURL(`/${bakery.alias}/payments/payment-list?status=2&from=none`);
  } finally {
    // The bakery's consents are the consent specs' too: this one leaves as it came, ended.
    await revokeConsent(page, bakery, consent.id);
  }
});

test('the front page shows the balance of each account with its date and the trend of the last months', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/`);
  const balances = page.getByTestId('balances-table');
  const operating = balances.getByRole('listitem').filter({ hasText: 'Driftskonto' });
  await expect(operating.getByTestId('balance-amount')).toHaveText(/^[\d\u00A0]+,\d\d\u00A0NOK$/, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(operating).toContainText('Balance on');
  await expect(operating.getByTestId('balance-sparkline')).toHaveAttribute(
    'aria-label',
    /^Balance over the last \d+ months/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The chart library stays out of the front page: only the statistics pages load it.
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  expect(scripts.filter((name) => name.includes('Statistic'))).toEqual([]);
});

test('the front page fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/`);
  await expect(page.getByTestId('balances-table')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
