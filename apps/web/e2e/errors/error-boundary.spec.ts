import { expect, test } from '@playwright/test';
import { breakCompanyReply } from '../support/contract';
import { demoCompanies, demoUsers } from '../support/demo';
import { chooseCompany, signIn } from '../support/session';

test('a reply that breaks its contract shows the error page, whose back arrow returns to the last page', async ({
  page,
}) => {
  const logCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/log')) logCalls.push(request.url());
  });
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
  await breakCompanyReply(page, demoCompanies.construction);

  await page.getByRole('button', { name: 'Switch company' }).click();
  await chooseCompany(page, demoCompanies.construction);

  await expect(page.getByRole('heading', { name: 'OOP!' })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toBeVisible();

  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Go back' }).click();
  await reload;
  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);

  // 127.0.0.1 is a local host: its render failures stay out of the server's log.
  expect(logCalls).toEqual([]);
});
