import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';

test('/404 shows "Not found here" with the code 404 and a way home', async ({ page }) => {
  await page.goto('/404');

  await expect(page.getByTestId('status-code')).toHaveText('404');
  await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the front page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an address no page answers shows "Not found here" to a visitor who is not signed in', async ({
  page,
}) => {
  for (const path of [`/${demoCompanies.bakery.alias}/no-such-page`, '/no/such/page']) {
    await page.goto(path);

    await expect(page.getByTestId('status-code')).toHaveText('404');
    await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
});

test('/unauthorized shows the code 401 and "Unauthorized", in Norwegian too', async ({ page }) => {
  await page.goto('/unauthorized');

  await expect(page.getByTestId('status-code')).toHaveText('401');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();

  await page.goto('/login');
  await pickLanguage(page, 'no');
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
});

test('an unknown page inside a company shows not found within the company’s layout', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);

  await page.goto(`/${demoCompanies.bakery.alias}/no-such-page`);

  await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible();
  await expect(page.getByTestId('status-code')).toHaveText('404');
  await expect(page.getByTestId('current-company-name')).toHaveText(demoCompanies.bakery.name);
  await page.getByRole('link', { name: 'Go to the front page' }).click();
  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
});
