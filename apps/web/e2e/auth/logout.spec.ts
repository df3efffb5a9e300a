import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { readStoredSession, signIn } from '../support/session';

test('signing out returns to the sign-in page, and company pages then ask to sign in', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);

  const logoutCall = page.waitForRequest((request) => request.url().endsWith('/api/account/logout'));
  await page.getByRole('button', { name: `${demoUsers.ceo.fullName} (user menu)` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect((await logoutCall).method()).toBe('POST');
  expect(await readStoredSession(page)).toBeNull();

  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/${demoCompanies.bakery.alias}/`)}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
