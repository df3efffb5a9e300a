import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { companyDialog, fillSignInForm, pickLanguage } from '../support/session';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await pickLanguage(page, 'en');
});

test('a wrong password shows the server’s message and keeps the user on the sign-in page', async ({
  page,
}) => {
  await fillSignInForm(page, demoUsers.accountant.email, 'not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('alert')).toContainText('The email or password is wrong.');
  await expect(page).toHaveURL(/\/login$/);
});

test('missing or malformed fields are explained before anything is sent', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/account/check-login')) loginCalls += 1;
  });

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await expect(page.getByText('Enter a valid email address, like name@company.no')).toBeVisible();
  expect(loginCalls).toBe(0);
});

test('the right password, sent with Enter, opens the company dialog with the user’s companies', async ({
  page,
}) => {
  await fillSignInForm(page, demoUsers.accountant.email, 'demo1234');
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');

  await expect(page).toHaveURL('/');
  const dialog = companyDialog(page);
  await expect(dialog).toBeVisible();
  const options = dialog.getByRole('list', { name: 'Your companies' }).getByRole('button');
  await expect(options).toHaveCount(4);
  await expect(dialog.getByRole('button', { name: /Nordlys Bakeri AS/ })).toContainText(
    'Org. no. 923 456 783',
  );
  await expect(dialog.getByRole('button', { name: new RegExp(demoCompanies.bureau.name) })).toContainText(
    'Owner',
  );
  await expect(dialog.getByRole('button', { name: /Fjelltopp Bygg AS/ })).not.toContainText('Owner');
});

test('a user with exactly one company goes straight to it', async ({ page }) => {
  await fillSignInForm(page, demoUsers.ceo.email, 'demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
  await expect(page.getByRole('heading', { name: `Welcome, ${demoUsers.ceo.firstName}` })).toBeVisible();
});
