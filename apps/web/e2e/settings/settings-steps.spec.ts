import { expect, test } from '@playwright/test';
import { allowToPayFrom, signInForCalls } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { openSettings } from './helpers';

/** No other spec chooses the fishery's payment users, so its step starts undone. */
const company = demoCompanies.fishery;

const stepTitles = [
  'Company details',
  'Bank accounts',
  'Bank consents',
  'Payment users',
  'Onboarding with the payment service',
  'EHF invoices',
  'E-mail address for receipts',
];

test('the settings list the setup steps in order, and a step is done once its part is set up', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await openSettings(page, company);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const steps = page.getByRole('list', { name: 'Setting up the company' }).getByRole('listitem');
  await expect(steps.getByRole('heading', { level: 3 })).toHaveText(
    stepTitles.map((title, index) => `${index + 1}.${title}`),
  );
  await expect(page.getByTestId('settings-progress')).toHaveText(/^\d of 7 steps done$/);

  const companyDetails = page.getByTestId('settings-step-companyDetails');
  await expect(companyDetails.getByTestId('step-state')).toHaveText('Done');
  await expect(companyDetails).toContainText('The name and organisation number are in place.');

  const paymentUsers = page.getByTestId('settings-step-paymentUsers');
  await expect(paymentUsers.getByTestId('step-state')).toHaveText('To do');
  await expect(paymentUsers.getByTestId('step-todo')).toHaveText('Choose who may approve payments.');
  // Named by what it shows, then by its step: speech input and a screen reader agree (WCAG 2.5.3).
  await expect(paymentUsers.getByRole('link')).toHaveAccessibleName('Do it now (Payment users)');
  // EHF registration has no page in the product yet, so its step offers no button.
  await expect(page.getByTestId('settings-step-ehf').getByRole('link')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const admin = await signInForCalls(page, demoUsers.admin.email);
  const accountant = await signInForCalls(page, demoUsers.accountant.email);
  await allowToPayFrom(page, admin.headers, company, accountant.userId, []);

  await page.reload();
  await expect(paymentUsers.getByTestId('step-state')).toHaveText('Done');
  await expect(paymentUsers.getByTestId('step-summary')).toHaveText('1 person may approve payments');

  await paymentUsers.getByRole('link', { name: 'Open (Payment users)', exact: true }).click();
  await expect(page).toHaveURL(`/${company.alias}/payments/assign-users`);
});

test('the settings read in Norwegian, the steps left to do in the server’s words', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettings(page, company);
  await expect(page.getByRole('heading', { name: 'Innstillinger', level: 1 })).toBeVisible();
  await expect(page.getByTestId('settings-progress')).toHaveText(/^\d av 7 steg er fullført$/);
  const ehf = page.getByTestId('settings-step-ehf');
  await expect(ehf.getByTestId('step-state')).toHaveText('Gjenstår');
  await expect(ehf.getByTestId('step-todo')).toHaveText('Registrer firmaet for å motta EHF-fakturaer.');
  await expect(page.getByTestId('onboarding-card')).toContainText('Onboarding hos betalingstjenesten');
  expect(await seriousViolations(page)).toEqual([]);
});
