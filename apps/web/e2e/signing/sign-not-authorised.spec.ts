import { expect, test } from '@playwright/test';
import { randomOre, uniqueToken } from '../matching/helpers';
import { allowToPayFrom, FIRST_LOAD_TIMEOUT_MS, signInForCalls } from '../payments/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  addDomesticPayment,
  approveWithBankId,
  bakeryAccounts,
  companyBankIdOf,
  openBankIdWindow,
  openPaymentsToApprove,
  putInBasket,
  testPeople,
} from './helpers';

const company = demoCompanies.bakery;

test('a person the bank has not given the right to pay from the account is told so, naming the account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const creditorName = `Skatteetaten ${token}`;
  // The CEO may pay from the tax account in Bilag, but Ola's BankID has no right to it at the bank.
  await signIn(page, demoUsers.ceo.email);
  const taxAccountId = await companyBankIdOf(page, company, bakeryAccounts.tax);
  const ceo = await signInForCalls(page, demoUsers.ceo.email);
  await allowToPayFrom(page, ceo.headers, company, ceo.userId, [taxAccountId]);
  await addDomesticPayment(page, company, {
    debtorCompanyBankId: taxAccountId,
    creditorName,
    amountOre: randomOre(100, 900),
  });

  await openPaymentsToApprove(page, company, token);
  const modal = await putInBasket(page, [creditorName]);
  const popup = await openBankIdWindow(page, modal.getByRole('button', { name: 'Sign with BankID' }));
  await approveWithBankId(popup, testPeople.ola);

  await popup.waitForURL(/\/sign-next\?action=signant-auth&/);
  const problem = popup.getByRole('alert');
  await expect(problem).toContainText('The bank did not confirm that the person who signed may pay from', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(problem).toContainText(/1503\.?98\.?76547/);
});
