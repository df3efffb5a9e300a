import { PaymentStatus } from '@bilag/contracts';
import { expect, type Locator, test } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  approveWithBankId,
  closeCallbackWindow,
  logInAtBank,
  paymentNow,
  startSigningNewPayment,
  testPeople,
} from './helpers';

const company = demoCompanies.bakery;

/** The e2e sandbox's bank gives up on BankID after 15 seconds (apps/web/e2e/server.mjs). */
const BANK_SCA_TIMEOUT_MS = 15_000;

/** Whether the text is drawn in a red: red well above green and blue. */
async function isRed(text: Locator): Promise<boolean> {
  const colour = await text.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return red > 150 && red - green > 100 && red - blue > 100;
}

test('a BankID that never answers at the bank puts the payment back to approve, saying the approval timed out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
  const { payment, modal, popup } = await startSigningNewPayment(page, 'Bakeriutstyr');
  await approveWithBankId(popup, testPeople.vera);

  // The product names the person who signed, so the bank asks for Vera, whose BankID app stays silent.
  expect(await logInAtBank(popup)).toBe(testPeople.vera);
  await expect(popup.getByRole('heading', { name: 'Waiting for BankID…', level: 1 })).toBeVisible();
  await popup.waitForURL(/\/ztl-payment\/sca-callback\?/, {
    timeout: BANK_SCA_TIMEOUT_MS + FIRST_LOAD_TIMEOUT_MS,
  });

  await expect(popup.getByRole('heading', { name: 'The payment was not carried out' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const message = popup.getByRole('alert');
  await expect(message).toHaveText(
    'The approval at the bank timed out (The payer did not answer in time: strong customer authentication timed out.); the payments are waiting for approval again.',
  );
  expect(await isRed(message)).toBe(true);
  expect(await paymentNow(page, company, payment.Id)).toMatchObject({
    Status: PaymentStatus.FOR_APPROVE,
    BankStatusReason: 'NOAS',
    BasketUuid: null,
  });

  await closeCallbackWindow(popup);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId(`payment-row-${payment.Id}`)).toBeVisible();
  await expect(page.getByTestId(`payment-in-signing-${payment.Id}`)).toHaveCount(0);
});
