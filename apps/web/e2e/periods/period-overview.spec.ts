import { expect, test } from '@playwright/test';
import { shownAmount } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';
import { accountantCaller, FIRST_LOAD_TIMEOUT_MS, givenMonthBooks } from './helpers';

test('the bureau sees the months of every company it serves, finds the blocked ones and opens a company', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const bakery = demoCompanies.bakery;
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, bakery, 7, { entryCount: 2 });
  const blockedOre = books.transactions.reduce(
    (sum, transaction) => sum + Math.abs(transaction.AmountOre),
    0,
  );

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.bureau.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Period overview' })
    .click();
  await expect(page.getByRole('heading', { name: 'Period overview', level: 1 })).toBeVisible();
  // The last six months that have ended, of every company the accountant serves.
  await expect(page.getByTestId(/^overview-row-\d+$/)).toHaveCount(4, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(
    page.getByTestId(`overview-row-${bakery.id}`).getByTestId(/^overview-cell-\d{4}-\d{2}$/),
  ).toHaveCount(6);

  await page.goto(`/${demoCompanies.bureau.alias}/period-overview?until=${books.month}`);
  await page.getByTestId('overview-months').click();
  await page.getByRole('option', { name: '3 months' }).click();
  await expect(page).toHaveURL(/[?&]months=3/);
  const bakeryRow = page.getByTestId(`overview-row-${bakery.id}`);
  const cell = bakeryRow.getByTestId(`overview-cell-${books.month}`);
  await expect(cell).toHaveAttribute('data-state', 'blocked', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(cell.getByTestId('overview-cell-amount')).toHaveText(`${shownAmount(blockedOre)}\u00A0NOK`);
  await expect(bakeryRow.getByTestId(/^overview-cell-\d{4}-\d{2}$/)).toHaveCount(3);

  await page.getByTestId('sort-blocked').click();
  await expect(page).toHaveURL(/[?&]sort=blocked/);
  await expect(page.getByTestId(/^overview-row-\d+$/).first()).toHaveAttribute(
    'data-testid',
    `overview-row-${bakery.id}`,
  );

  await page.getByTestId('overview-state').click();
  await page.getByRole('option', { name: 'A blocked month' }).click();
  await expect(page).toHaveURL(/[?&]state=blocked/);
  await expect(page.getByTestId(`overview-row-${demoCompanies.construction.id}`)).toHaveCount(0);
  await expect(bakeryRow).toBeVisible();
  await expect(page.getByTestId('period-total-blocked')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('overview-en.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'Periodeoversikt', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('overview-no.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await bakeryRow.getByRole('link', { name: bakery.name, exact: true }).click();
  await expect(page).toHaveURL(`/${bakery.alias}/period`);
  await expect(page.getByRole('heading', { name: 'Periodeavslutning', level: 1 })).toBeVisible();
});
