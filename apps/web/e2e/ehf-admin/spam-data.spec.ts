import { expect, test } from '@playwright/test';
import { authorization } from '../imports/helpers';
import { seriousViolations } from '../support/accessibility';
import { dataOf } from '../support/api';
import { uniqueName } from '../vouchers/helpers';
import { FIRST_LOAD_TIMEOUT_MS, newOrganisationNumber, openAdminPage } from './helpers';

test('the spam-supplier data shows each entry with what it blocked, the blocked arrivals and the candidates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName('Blocked AS');
  const organisationNumber = newOrganisationNumber();
  await openAdminPage(page, 'Spam-supplier data (admin)', 'admin-ehf/spam-data');
  await expect(page.getByRole('heading', { name: 'Spam-supplier data', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  const entry = await dataOf<{ id: number }>(
    await page.request.post('/api/ehf/spam-suppliers', {
      headers: await authorization(page),
      data: { name, organisationNumber },
    }),
  );
  await page.reload();

  const entries = page.getByRole('table', { name: 'Blocked per supplier' });
  const row = entries.getByTestId(`spam-activity-${entry.id}`);
  await expect(row).toContainText(name, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(row).toContainText(organisationNumber);
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await expect(row.getByRole('button', { name: 'Show arrivals' })).toBeDisabled();

  await expect(page.getByRole('heading', { name: 'Latest blocked arrivals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Candidates for the list' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Candidates for the list' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
