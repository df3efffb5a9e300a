import { PaymentStatus } from '@bilag/contracts';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  approveWithBankId,
  closeCallbackWindow,
  decideAtBank,
  paymentNow,
  startSigningNewPayment,
  testPeople,
} from './helpers';

const company = demoCompanies.bakery;

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
});

test('cancelling at BankID cancels the basket’s payments, and the basket window closes by itself', async ({
  page,
}) => {
  const { payment, modal, popup } = await startSigningNewPayment(page, 'Kaffebrenneriet');
  const closedAt = new Promise<number>((resolve) => popup.once('close', () => resolve(Date.now())));
  const cancelling = popup.waitForResponse('**/api/main/payments/update-status');
  await popup.getByRole('button', { name: 'Cancel' }).click();

  await popup.waitForURL(/\/sign-cancel\?action=payment-auth&basketUUID=/);
  expect((await cancelling).ok()).toBe(true);
  const cancelledAt = Date.now();
  await expect(popup.getByRole('heading', { name: 'Payments cancelled' })).toBeVisible();
  // The page stays for three seconds, so the person can read what happened, then closes with the modal.
  expect((await closedAt) - cancelledAt).toBeGreaterThan(2_000);
  await expect(modal).toBeHidden();
  expect((await paymentNow(page, company, payment.Id)).Status).toBe(PaymentStatus.CANCELED);
});

test('rejecting at the bank puts the payment back to approve, with the bank’s reason', async ({ page }) => {
  const { payment, modal, popup } = await startSigningNewPayment(page, 'Melkeruta');
  await approveWithBankId(popup, testPeople.kari);
  await decideAtBank(popup, 'Reject');

  await popup.waitForURL(/\/ztl-payment\/sca-callback\?/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(popup.getByRole('heading', { name: 'The payment was not carried out' })).toBeVisible();
  await expect(popup.getByRole('alert')).toContainText(
    'The payment was not approved at the bank: The payer declined in strong customer authentication.',
  );
  expect(await paymentNow(page, company, payment.Id)).toMatchObject({
    Status: PaymentStatus.FOR_APPROVE,
    BasketUuid: null,
  });

  await closeCallbackWindow(popup);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId(`payment-row-${payment.Id}`)).toBeVisible();
  await expect(page.getByTestId(`payment-in-signing-${payment.Id}`)).toHaveCount(0);
});
