import type { ConsentScaResult } from '@bilag/contracts';
import { expect, test } from '@playwright/test';
import { companyBankIdOf } from '../signing/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  BANK_ROUND_TRIP_MS,
  bakeryAccounts,
  consentCard,
  DNB_NAME,
  decideConsentAtBank,
  openConsentPage,
} from './helpers';

const company = demoCompanies.bakery;

test('an accountant connects DNB, approves at the bank, and a sync brings the transactions into the bank list', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, demoUsers.accountant.email);
  await openConsentPage(page, company);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('consent-create').first().click();
  const form = page.getByTestId('consent-form');
  await expect(form.getByTestId('field-consent-bank')).toHaveValue(DNB_NAME);
  const accounts = form.getByTestId('field-consent-accounts');
  await expect(accounts.getByRole('checkbox', { name: '1503.01.23457' })).toBeChecked();
  await expect(accounts.getByRole('checkbox', { name: '1503.98.76547' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // A wrong national identity number is caught before the bank is asked.
  await form.getByRole('textbox', { name: /National identity number/ }).fill('12345678901');
  await form.getByTestId('consent-create-submit').click();
  await expect(form).toContainText('This national identity number is not valid');
  await form.getByRole('textbox', { name: /National identity number/ }).fill('');

  const callback = page.waitForResponse('**/api/consent/sca-success', { timeout: BANK_ROUND_TRIP_MS * 2 });
  await form.getByTestId('consent-create-submit').click();
  await decideConsentAtBank(page, 'Approve');

  await expect(page).toHaveURL(/\/consent\/sca-callback\?/, { timeout: BANK_ROUND_TRIP_MS });
  const result = ((await (await callback).json()) as { data: ConsentScaResult }).data;
  expect(result.state).toBe(1);
  await expect(page.getByRole('heading', { name: 'The bank is connected' })).toBeVisible();
  await expect(page.getByTestId('result-label')).toHaveText('Accepted');
  await expect(page.getByTestId('consent-sca-accounts')).toContainText('1503.01.23457');
  await expect(page.getByTestId('consent-sca-countdown')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.waitForURL(`**/${company.alias}/consent`, { timeout: 10_000 });
  await openConsentPage(page, company);
  const card = consentCard(page, result.consentId);
  await expect(card.getByTestId('consent-status')).toHaveText('Valid');
  await expect(card.getByTestId('consent-own')).toHaveText('Made by you');
  await expect(card.getByTestId('consent-account')).toHaveCount(2);

  // The approval starts a first read; Sync now is offered again once it has finished.
  const syncButton = card.getByTestId('consent-sync');
  await expect(syncButton).toBeEnabled({ timeout: BANK_ROUND_TRIP_MS });
  await syncButton.click();
  // Another consent of the bakery (made by a test beside this one) may be read at the same moment.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /accounts read/ })
      .first(),
  ).toBeVisible({
    timeout: BANK_ROUND_TRIP_MS,
  });
  await expect(card.getByTestId('consent-last-sync')).not.toHaveText('Never');
  await expect(card.getByTestId('consent-account').first()).toContainText(/on \d{2}\.\d{2}\.\d{4}/);

  const operatingId = await companyBankIdOf(page, company, bakeryAccounts.operating);
  await page.goto(`/${company.alias}/bank?account=${operatingId}`);
  await expect(page.locator('[data-testid^="transaction-row-"]').first()).toBeVisible({
    timeout: BANK_ROUND_TRIP_MS,
  });
  await page.goto(`/${company.alias}/bank?account=${operatingId}&view=imports`);
  await expect(page.getByTestId('import-history')).toContainText('BANK-API', { timeout: BANK_ROUND_TRIP_MS });
});
