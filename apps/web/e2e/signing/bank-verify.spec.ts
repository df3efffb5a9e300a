import { expect, test } from '@playwright/test';
import { ensureAccount } from '../imports/helpers';
import { allowToPayFrom, FIRST_LOAD_TIMEOUT_MS, signInForCalls } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { approveWithBankId, openBankIdWindow, setVerifiedAccounts, testPeople } from './helpers';

/** A company of its own, so verifying here changes nothing the basket specs rely on. */
const company = demoCompanies.construction;
/** Fjelltopp Bygg's operating account at SpareBank 1 in the sandbox, which Kari may pay from. */
const OPERATING_ACCOUNT = '32010456788';

test('a payment user verifies an account with BankID and sees it verified', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
  await ensureAccount(page, company, OPERATING_ACCOUNT, 'Driftskonto');
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const accountant = await signInForCalls(page, demoUsers.accountant.email);
  await allowToPayFrom(page, admin.headers, company, accountant.userId, []);
  await setVerifiedAccounts(page, admin.headers, company, accountant.userId, []);

  await page.goto(`/${company.alias}/bank-verify`);
  const table = page.getByTestId('bank-verify-table');
  const row = table.getByRole('row').filter({ hasText: '3201.04.56788' });
  await expect(row).toContainText('Not verified', { timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('checkbox').check();
  const popup = await openBankIdWindow(page, page.getByRole('button', { name: 'Verify with BankID' }));
  await approveWithBankId(popup, testPeople.kari);
  await expect(popup.getByRole('heading', { name: 'Accounts checked with the bank' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(popup.getByTestId('sign-next-result')).toContainText(
    'Authorised: you may pay from this account.',
  );

  await expect(row).toContainText('By the bank (BankID)');
  await expect(row).not.toContainText('Not verified');
});
