import { expect, test } from '@playwright/test';
import { randomOre, uniqueToken } from '../matching/helpers';
import { allowToPayFrom, FIRST_LOAD_TIMEOUT_MS, signInForCalls } from '../payments/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';
import { signIn } from '../support/session';
import {
  addDomesticPayment,
  approveWithBankId,
  bakeryAccounts,
  basketNow,
  companyBankIdOf,
  openBankIdWindow,
  openPaymentsToApprove,
  paymentNow,
  putInBasket,
  setSecondApproverLimit,
  testPeople,
} from './helpers';

const company = demoCompanies.bakery;
/** Above this, two people sign; the other specs pay less than a thousand kroner, so they need one. */
const LIMIT_KRONER = 20_000;

test('above the company’s limit a second person must sign before the basket goes to the bank', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const token = uniqueToken();
  const creditorName = `Ovnsmakeren ${token}`;
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const secondPerson = await browser.newContext();
  try {
    const adminPage = await secondPerson.newPage();
    await signIn(adminPage, demoUsers.admin.email);
    await adminPage.goto(`/${company.alias}/payments/assign-users`);
    const limitCard = adminPage.getByTestId('second-approver-card');
    await limitCard
      .getByRole('textbox', { name: 'Two signatures above' })
      .fill(String(LIMIT_KRONER), { timeout: FIRST_LOAD_TIMEOUT_MS });
    await limitCard.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText('The limit for a second approver was saved')).toBeVisible();

    await signIn(page, demoUsers.accountant.email);
    const operatingId = await companyBankIdOf(page, company, bakeryAccounts.operating);
    await allowToPayFrom(page, admin.headers, company, admin.userId, [operatingId]);
    const payment = await addDomesticPayment(page, company, {
      debtorCompanyBankId: operatingId,
      creditorName,
      amountOre: randomOre(LIMIT_KRONER + 100, LIMIT_KRONER + 900),
    });

    await openPaymentsToApprove(page, company, token);
    const modal = await putInBasket(page, [creditorName]);
    await expect(modal.getByTestId('basket-signatures')).toHaveText('0 of 2 signatures');
    const kariWindow = await openBankIdWindow(page, modal.getByRole('button', { name: 'Sign with BankID' }));
    await approveWithBankId(kariWindow, testPeople.kari);
    await expect(kariWindow.getByRole('heading', { name: 'Your signature is recorded' })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(kariWindow.getByTestId('sign-next-result')).toContainText('A second person must sign');

    await openPaymentsToApprove(adminPage, company, token);
    const row = adminPage.getByTestId(/^payment-row-/).filter({ hasText: creditorName });
    await row.getByRole('button', { name: 'In signing' }).click();
    const secondModal = adminPage.getByTestId('basket-modal');
    await expect(secondModal.getByTestId('basket-signatures')).toHaveText('1 of 2 signatures');
    await expect(secondModal).toContainText(demoUsers.accountant.fullName);
    const olaWindow = await openBankIdWindow(
      adminPage,
      secondModal.getByRole('button', { name: 'Sign with BankID' }),
    );
    await approveWithBankId(olaWindow, testPeople.ola);

    await expect(olaWindow.getByRole('heading', { name: 'Approve payment', level: 1 })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    expect(olaWindow.url()).toContain(`${SANDBOX_URL}/psd2/dnb/sca/`);
    const { BasketUuid } = await paymentNow(page, company, payment.Id);
    const { basket } = await basketNow(page, BasketUuid ?? '');
    expect(basket.State).toBe('awaiting-sca');
    expect(basket.Approvals.map((approval) => approval.UserName)).toEqual([
      demoUsers.accountant.fullName,
      demoUsers.admin.fullName,
    ]);
  } finally {
    await setSecondApproverLimit(page, admin.headers, company, null);
    await secondPerson.close();
  }
});
