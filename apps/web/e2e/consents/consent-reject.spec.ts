import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  BANK_ROUND_TRIP_MS,
  consentCard,
  consentNow,
  consentPeople,
  openConsentPage,
  startConsent,
} from './helpers';

const company = demoCompanies.bakery;

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.accountant.email);
});

test('cancelling on the bank’s page rejects the consent, and the page says so before leading back', async ({
  page,
}) => {
  const started = await startConsent(page, company);
  await page.goto(started.scaRedirectUrl);
  await expect(page.getByRole('heading', { name: 'Share account information', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL(/\/consent\/sca-callback\?/, { timeout: BANK_ROUND_TRIP_MS });
  await expect(page.getByRole('heading', { name: 'The bank was not connected' })).toBeVisible();
  await expect(page.getByTestId('result-label')).toHaveText('Rejected');
  await page.waitForURL(`**/${company.alias}/consent`, { timeout: 10_000 });
  await openConsentPage(page, company);
  await expect(consentCard(page, started.consent.id).getByTestId('consent-status')).toHaveText('Rejected');
  expect((await consentNow(page, company, started.consent.id)).status).toBe('rejected');
});

test('a person whose BankID refuses the login leaves the consent rejected', async ({ page }) => {
  const started = await startConsent(page, company);
  await page.goto(started.scaRedirectUrl);
  await page
    .getByRole('textbox', { name: 'National identity number (11 digits)' })
    .fill(consentPeople.rejecter);
  await page.getByRole('button', { name: 'Log in with BankID' }).click();
  await expect(page.getByRole('heading', { name: 'Rejected in BankID' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the service' }).click();

  await expect(page.getByRole('heading', { name: 'The bank was not connected' })).toBeVisible({
    timeout: BANK_ROUND_TRIP_MS,
  });
  await page.waitForURL(`**/${company.alias}/consent`, { timeout: 10_000 });
  await openConsentPage(page, company);
  await expect(consentCard(page, started.consent.id).getByTestId('consent-status')).toHaveText('Rejected');
});
