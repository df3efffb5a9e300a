import { expect, test } from '@playwright/test';
import { ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { camtAmount, importEntriesInto, kidNumber, randomOre, uniqueToken } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  allowToPayFrom,
  comingDueDate,
  createPayableVoucher,
  FIRST_LOAD_TIMEOUT_MS,
  paymentsOfVoucher,
  signInForCalls,
  todayInNorway,
} from './helpers';

/** A company of its own, so the account and the payment user set up here touch no other test. */
const company = demoCompanies.construction;

test('a statement line with a payment’s end-to-end id marks the payment paid and connects its voucher', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = uniqueToken();
  const supplierName = `Stillas ${token}`;
  const amountOre = randomOre(2000, 9000);
  const debtorAccount = uniqueAccountNumber();

  await signIn(page, demoUsers.accountant.email);
  const debtorId = await ensureAccount(page, company, debtorAccount, `Betalingskonto ${token}`);
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const accountant = await signInForCalls(page, demoUsers.accountant.email);
  await allowToPayFrom(page, admin.headers, company, accountant.userId, [debtorId]);
  const voucherId = await createPayableVoucher(page, company, {
    supplierName,
    amountOre,
    accountNumber: uniqueAccountNumber(),
    kid: kidNumber(),
    dueDate: comingDueDate(),
  });

  await page.goto(`/${company.alias}/voucher/${voucherId}`);
  const paymentCard = page.getByRole('region', { name: 'Payment' });
  await paymentCard
    .getByRole('button', { name: 'Add to payment list' })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByText('1 voucher was added to the payment list.')).toBeVisible();
  const [added] = await paymentsOfVoucher(page, company, voucherId);
  if (!added) throw new Error('The voucher should have a payment');
  await expect(paymentCard.getByTestId(`voucher-payment-${added.Id}`)).toContainText('On payment list');
  // The list pays from the company's default account, which another spec may have added meanwhile:
  // pay from this test's own account, so its statement touches no other test's.
  const moved = await page.request.put(`/api/main/payments/${added.Id}`, {
    headers: { ...accountant.headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      companyId: company.id,
      type: added.Type,
      debtorCompanyBankId: debtorId,
      creditorName: added.CreditorName,
      creditorAccount: added.CreditorAccount,
      amountOre: added.AmountOre,
      currency: added.Currency,
      dueDate: added.DueDate,
      ...(added.Kid ? { kid: added.Kid } : {}),
      ...(added.Message ? { message: added.Message } : {}),
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const payment = (await moved.json()).data as typeof added;

  const headers = { ...(await signInForCalls(page, demoUsers.accountant.email)).headers };
  const exported = await page.request.post('/api/main/v2/voucher-payments/export-pain001', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      companyId: company.id,
      companyBankId: debtorId,
      ids: [payment.Id],
    },
  });
  expect(exported.ok(), await exported.text()).toBe(true);

  await importEntriesInto(page, company, debtorAccount, debtorId, token, [
    {
      date: todayInNorway(),
      amount: camtAmount(amountOre),
      text: `Betaling ${supplierName}`,
      endToEndId: payment.EndToEndId,
    },
  ]);

  await page.goto(`/${company.alias}/payments/payment-list?q=${token}&status=3`);
  await expect(page.getByTestId(`payment-status-${payment.Id}`)).toContainText('Paid', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.getByTestId(`payment-row-${payment.Id}`).click();
  const info = page.getByTestId('payment-info');
  await expect(info).toContainText(payment.EndToEndId);
  await expect(info).toContainText('Why it is paid');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(`/${company.alias}/voucher/${voucherId}`);
  await expect(paymentCard.getByTestId(`voucher-payment-${payment.Id}`)).toContainText('Paid', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('voucher-title')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bank transactions' })).toContainText(
    `Betaling ${supplierName}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
