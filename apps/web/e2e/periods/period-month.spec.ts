import { expect, test } from '@playwright/test';
import { shownAmount } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';
import { accountantCaller, FIRST_LOAD_TIMEOUT_MS, givenMonthBooks, monthRow } from './helpers';

const company = demoCompanies.bakery;

test('the year lists each month with its state, and a blocked month shows its accounts and what stands in the way', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  // The bank's closing balance is 100,00 above what the opening and the transactions give.
  const books = await givenMonthBooks(page, caller, company, 1, { entryCount: 3, closingGapOre: 10_000 });
  const unexplainedOre = books.transactions.reduce(
    (sum, transaction) => sum + Math.abs(transaction.AmountOre),
    0,
  );
  const thisYear = new Date().getFullYear();

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Period close' })
    .click();
  await expect(page.getByRole('heading', { name: 'Period close', level: 1 })).toBeVisible();
  await expect(page.getByTestId('period-year')).toHaveValue(String(thisYear));
  await expect(page.getByTestId('period-months').getByTestId(/^period-month-\d{4}-\d{2}$/)).toHaveCount(12, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  // The arrows step a year at a time, from the keyboard too.
  await page.goto(`/${company.alias}/period?year=${books.year + 1}`);
  await expect(page.getByRole('heading', { name: `The months of ${books.year + 1}` })).toBeVisible();
  await page.getByRole('button', { name: `Previous year (${books.year})` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('year') === String(books.year));
  await expect(page.getByRole('heading', { name: `The months of ${books.year}` })).toBeVisible();

  const row = monthRow(page, books.month);
  await expect(row.getByTestId('period-state')).toHaveText('Blocked', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(row.getByTestId('period-transactions')).toHaveText('3');
  await expect(row.getByTestId('period-unexplained')).toContainText('3 unexplained');
  await expect(row.getByTestId('period-unexplained')).toContainText(
    `${shownAmount(unexplainedOre)}\u00A0NOK`,
  );
  await expect(row.getByTestId('period-difference')).toHaveText('100,00\u00A0NOK');
  await expect(row.getByTestId('period-closed')).toHaveText('—');
  await page.screenshot({ path: test.info().outputPath('year-en.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('link', { name: 'January' }).click();
  await expect(page).toHaveURL(`/${company.alias}/period/${books.month}`);
  await expect(page.getByTestId('period-month-title')).toHaveText(`January ${books.year}`);
  await expect(page.getByTestId('period-state').first()).toHaveText('Blocked');

  const account = page.getByTestId(`period-account-${books.accountId}`);
  await expect(account).toContainText(books.accountLabel);
  await expect(account.getByTestId('period-proof')).toHaveText('Does not add up');
  await expect(account.getByTestId('period-account-difference')).toHaveText('100,00\u00A0NOK');
  await expect(account.getByTestId('period-explained')).toHaveText('3 transactions, 0 explained');
  await expect(account.getByTestId('period-account-unexplained')).toContainText('3');

  const blockers = page.getByTestId('period-blockers');
  await expect(blockers.getByTestId(`period-blocker-difference:${books.accountId}`)).toContainText(
    `${books.accountLabel}: the opening balance and the month's transactions miss the bank's closing balance by 100,00\u00A0NOK.`,
  );
  await expect(blockers.getByTestId(`period-blocker-unexplained:${books.accountId}`)).toContainText(
    `${books.accountLabel}: 3 transactions have no voucher (${shownAmount(unexplainedOre)}\u00A0NOK together).`,
  );
  await expect(page.getByTestId('period-unexplained-count')).toHaveText(
    'The first 3 of 3 transactions without a voucher',
  );
  for (const transaction of books.transactions) {
    await expect(page.getByTestId(`period-unexplained-row-${transaction.Id}`)).toContainText(
      transaction.Text,
    );
  }
  await expect(page.getByTestId('period-history')).toContainText('The month has not been closed yet.');
  await page.screenshot({ path: test.info().outputPath('month-en.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(page.getByTestId('period-month-title')).toHaveText(`Januar ${books.year}`);
  await expect(page.getByTestId('period-state').first()).toHaveText('Blokkert');
  await expect(blockers.getByTestId(`period-blocker-unexplained:${books.accountId}`)).toContainText(
    `3 transaksjoner mangler bilag (${shownAmount(unexplainedOre)}\u00A0NOK til sammen).`,
  );
  await page.screenshot({ path: test.info().outputPath('month-no.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: `Periodeavslutning ${books.year}` }).click();
  await expect(monthRow(page, books.month).getByTestId('period-state')).toHaveText('Blokkert');
  await page.screenshot({ path: test.info().outputPath('year-no.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('each blocker opens the screen that fixes it, on its account and month', async ({ page }) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 2, { entryCount: 2, closingGapOre: -2_500 });

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/period/${books.month}`);
  const unexplained = page.getByTestId(`period-blocker-unexplained:${books.accountId}`);
  await unexplained.getByRole('link', { name: 'Explain them in the bank list' }).click();
  await expect(page).toHaveURL(
    `/${company.alias}/bank?year=${books.year}&month=${books.monthNumber}&account=${books.accountId}&status=1`,
  );
  const rows = page.locator('[data-testid^="transaction-row-"]');
  await expect(rows).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
  for (const transaction of books.transactions) {
    await expect(rows.filter({ hasText: transaction.Text })).toContainText('Missing voucher');
  }

  await page.goBack();
  const difference = page.getByTestId(`period-blocker-difference:${books.accountId}`);
  await difference.getByRole('link', { name: 'Check the balances' }).click();
  await expect(page).toHaveURL(
    `/${company.alias}/bank-management?account=${books.accountId}&from=${books.month}-01&to=${books.lastDay}`,
  );
  const balances = page.getByTestId('bank-balance-panel');
  await expect(balances.getByTestId('balance-account')).toHaveValue(books.accountLabel);
  await expect(balances.getByTestId('balance-unproven')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
});

test('a manager who may not accept blockers sees why a blocked month cannot be closed', async ({ page }) => {
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 9, { entryCount: 1 });

  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/period/${books.month}`);
  await expect(page.getByTestId('period-state').first()).toHaveText('Blocked', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('period-close')).toBeDisabled();
  await expect(page.getByTestId('period-close')).toHaveAccessibleDescription(
    'Fix what stands in the way first. Only an accountant can close a month with exceptions.',
  );
});

test('a month before the company’s books begin cannot be closed, and says what to do first', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  // The tests' own statements are dated from 1990 on, and the demo's books are recent.
  await page.goto(`/${company.alias}/period/1975-06`);
  await expect(page.getByTestId('period-state').first()).toHaveText('No books yet', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('period-empty')).toContainText('Import the bank statement first');
  await expect(page.getByTestId('period-close')).toBeDisabled();
});
