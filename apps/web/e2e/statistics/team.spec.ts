import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { CHART_LOAD_TIMEOUT_MS, expectChartDrawn } from './helpers';

/** The accountant serves every demo company; the team pages are opened from the bakery. */
const bakery = demoCompanies.bakery;

function companyLinks(page: Page) {
  return page.getByTestId('team-company-link');
}

test('the team overview lists every company, sorts by a column and opens a company from its row', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/team/overview`);
  await expect(page.getByRole('heading', { name: 'Team overview', level: 1 })).toBeVisible();
  const table = page.getByTestId('team-company-table');
  await expect(table.getByTestId('team-company-link')).toHaveCount(4, { timeout: CHART_LOAD_TIMEOUT_MS });

  const byName = [...Object.values(demoCompanies)].map((company) => company.name).sort();
  await expect(companyLinks(page)).toHaveText(byName);
  await page.getByTestId('sort-company').click();
  await expect(page).toHaveURL(`/${bakery.alias}/team/overview?sort=company&order=desc`);
  // The URL changes a moment before the rows are drawn in their new order.
  await expect(companyLinks(page)).toHaveText([...byName].reverse());

  // Most transactions without a voucher first: the bakery's books have some, the others none or fewer.
  await page.getByTestId('sort-transactionsMissingVoucher').click();
  await expect(table.getByRole('columnheader', { name: 'No voucher' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const missingCells = table.locator('tbody [data-column="transactionsMissingVoucher"]');
  await expect
    .poll(async () => {
      const counts = (await missingCells.allTextContents()).map(Number);
      return counts.every((count, index) => index === 0 || (counts[index - 1] ?? 0) >= count);
    })
    .toBe(true);
  await expect(table.getByTestId(`team-company-${bakery.alias}`).getByTestId('team-trend')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A click anywhere on the row opens the company's front page.
  await table
    .getByTestId(`team-company-${demoCompanies.fishery.alias}`)
    .locator('[data-column="tasksOpen"]')
    .click();
  await expect(page).toHaveURL(`/${demoCompanies.fishery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.fishery.name);
});

test('the team KPI shows each responsible accountant with their companies and the work of each week', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/team/kpi`);
  await expect(page.getByRole('heading', { name: 'Team KPI', level: 1 })).toBeVisible();
  const accountants = page.getByTestId('team-accountant-table');
  const kari = accountants.getByRole('row').filter({ hasText: demoUsers.accountant.fullName });
  await expect(kari).toBeVisible({ timeout: CHART_LOAD_TIMEOUT_MS });
  expect(Number(await kari.locator('[data-column="companies"]').textContent())).toBeGreaterThan(0);
  await expect(accountants.getByRole('rowheader', { name: 'No responsible accountant' })).toBeVisible();

  await expectChartDrawn(page.getByTestId('team-work-section'));
  await expect(page.getByTestId('team-week-table').getByTestId('statistic-row')).toHaveCount(8);

  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.url().includes('/api/statistic/team?')),
    page
      .getByTestId('team-weeks')
      .click()
      .then(() => page.getByRole('option', { name: '4 weeks' }).click()),
  ]);
  expect(new URL(request.url()).searchParams.get('weeks')).toBe('4');
  await expect(page.getByTestId('team-week-table').getByTestId('statistic-row')).toHaveCount(4);

  await page.getByTestId('team-chart-for').click();
  await page.getByRole('option', { name: demoUsers.accountant.fullName }).click();
  await expect(page.getByTestId('team-work-section')).toContainText(`for ${demoUsers.accountant.fullName}`);
  expect(await seriousViolations(page)).toEqual([]);
});
