import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { fillSignInForm, pickLanguage, signIn } from '../support/session';

test('Norsk before signing in translates the page and the server’s error messages', async ({ page }) => {
  await page.goto('/login');
  await pickLanguage(page, 'no');

  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await fillSignInForm(page, demoUsers.admin.email, 'feil-passord', 'no');
  const loginCall = page.waitForRequest((request) => request.url().endsWith('/api/account/check-login'));
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();

  expect((await loginCall).headers().language).toBe('no');
  await expect(page.getByRole('alert')).toContainText('E-postadressen eller passordet er feil.');
});

test('the header’s language switch translates the interface, is saved, and is kept after reload', async ({
  page,
}) => {
  await signIn(page, demoUsers.ceo.email, { language: 'en' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${demoUsers.ceo.firstName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

  const saveCall = page.waitForRequest((request) => request.url().endsWith('/api/account/language'));
  await pickLanguage(page, 'no');

  expect((await saveCall).postDataJSON()).toEqual({ language: 'no' });
  await expect(page.getByRole('heading', { name: `Velkommen, ${demoUsers.ceo.firstName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Oversikt', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bytt firma' })).toBeVisible();
  await expect(page.getByText('Organisasjonsnummer')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
  await expect(page.getByRole('heading', { name: `Velkommen, ${demoUsers.ceo.firstName}` })).toBeVisible();
});
