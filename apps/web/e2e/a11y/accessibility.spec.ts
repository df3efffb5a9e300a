import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { chooseCompany, companyDialog, pickLanguage, signIn } from '../support/session';

test('the sign-in page has no serious accessibility violations, in English and Norwegian', async ({
  page,
}) => {
  await page.goto('/login');
  await pickLanguage(page, 'en');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the company dialog and the dashboard have no serious accessibility violations', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto('/');
  await expect(companyDialog(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await chooseCompany(page, demoCompanies.bureau);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bureau.name);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a page still loading its data has no serious accessibility violations', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  let answerConsents = () => {};
  const consentsHeld = new Promise<void>((resolve) => {
    answerConsents = resolve;
  });
  // The consent list is held back, so the spinner is on the page while axe looks at it.
  await page.route('**/api/consent/**', async (route) => {
    await consentsHeld;
    await route.continue();
  });
  await page.goto(`/${demoCompanies.bakery.alias}/consent`);
  await expect(page.getByRole('progressbar', { name: /Loading/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  answerConsents();
});
