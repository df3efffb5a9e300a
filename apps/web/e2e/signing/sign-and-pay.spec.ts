import { PaymentStatus } from '@bilag/contracts';
import { expect, test } from '@playwright/test';
import { uniqueAccountNumber } from '../imports/helpers';
import { kidNumber, randomOre, shownAmount, uniqueToken } from '../matching/helpers';
import { createPayableVoucher, FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  approveWithBankId,
  decideAtBank,
  firstBankingDayAfterToday,
  letBanksExecuteUntil,
  openBankIdWindow,
  openPaymentsToApprove,
  paymentNow,
  putInBasket,
  putVoucherOnPaymentList,
  testPeople,
} from './helpers';

const company = demoCompanies.bakery;

test('a payment user signs an invoice with BankID and approves it at the bank; it is processing, then paid on its date', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const supplierName = `Sukkerbiten ${token}`;
  const amountOre = randomOre(100, 900);
  const dueDate = firstBankingDayAfterToday();

  await signIn(page, demoUsers.accountant.email);
  const voucherId = await createPayableVoucher(page, company, {
    supplierName,
    amountOre,
    accountNumber: uniqueAccountNumber(),
    kid: kidNumber(),
    dueDate,
  });
  const payment = await putVoucherOnPaymentList(page, company, voucherId);

  await openPaymentsToApprove(page, company, token);
  const modal = await putInBasket(page, [supplierName]);
  await expect(modal.getByTestId('basket-account')).toContainText('1503.01.23457');
  await expect(modal.getByTestId('basket-total')).toContainText(shownAmount(amountOre));
  await expect(modal.getByTestId('basket-signatures')).toHaveText('0 of 1 signature');
  expect(await seriousViolations(page)).toEqual([]);

  // The first status call waits until the test has seen the page say it is processing.
  let releaseStatus = () => {};
  const statusReleased = new Promise<void>((resolve) => {
    releaseStatus = resolve;
  });
  await context.route('**/api/main/signing/auth/status**', async (route) => {
    await statusReleased;
    await route.continue();
  });

  const popup = await openBankIdWindow(page, modal.getByRole('button', { name: 'Sign with BankID' }));
  await expect(modal).toContainText('Waiting for BankID in the other window');
  await approveWithBankId(popup, testPeople.kari);
  await popup.waitForURL(/\/sign-next\?action=signant-auth&/);
  await expect(popup.getByRole('heading', { name: 'Processing', level: 1 })).toBeVisible();
  releaseStatus();

  await decideAtBank(popup, 'Approve');
  await popup.waitForURL(/\/sign-next\?action=payment-auth&basketUUID=/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(popup.getByRole('heading', { name: 'Payment accepted', level: 1 })).toBeVisible();
  await expect(popup.getByTestId('sign-next-result')).toContainText(supplierName);
  await expect(popup.getByTestId('countdown')).toHaveText(/^This window closes in [1-4] s$/);
  expect((await paymentNow(page, company, payment.Id)).Status).toBe(PaymentStatus.PROCESSING);
  // The server first asks the bank a few seconds after the approval, then every half minute or more.
  await letBanksExecuteUntil(page, dueDate);
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
  await expect(modal).toBeHidden();

  await expect
    .poll(async () => (await paymentNow(page, company, payment.Id)).Status, { timeout: 60_000 })
    .toBe(PaymentStatus.PAID);
  await page.goto(`/${company.alias}/voucher/${voucherId}`);
  const paymentCard = page.getByRole('region', { name: 'Payment' });
  await expect(paymentCard.getByTestId(`voucher-payment-${payment.Id}`)).toContainText('Paid', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});
