import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { uniqueAccountNumber } from '../imports/helpers';
import { kidNumber, randomOre, shownAmount, uniqueToken } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  allowToPayFrom,
  comingDueDate,
  createPayableVoucher,
  endToEndIdsOf,
  FIRST_LOAD_TIMEOUT_MS,
  pain002For,
  paymentsOfVoucher,
  signInForCalls,
} from './helpers';

const company = demoCompanies.bakery;

async function openPaymentList(page: Page, keyword: string, status = 0) {
  await page.goto(`/${company.alias}/payments/payment-list?q=${keyword}&status=${status}`);
  await expect(page.getByTestId('payment-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });
}

test('a payment user puts an invoice on the payment list, edits it, confirms a duplicate, sends both to the bank and reads its answer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const supplierName = `Mel og Gjær ${token}`;
  const creditorAccount = uniqueAccountNumber();
  const dueDate = comingDueDate();
  const editedAmountOre = randomOre(1000, 4000);
  const editedKid = kidNumber();

  await signIn(page, demoUsers.accountant.email);
  const firstId = await createPayableVoucher(page, company, {
    supplierName,
    amountOre: editedAmountOre + 50_000,
    accountNumber: creditorAccount,
    kid: kidNumber(),
    dueDate,
  });

  await page.goto(`/${company.alias}/voucher/${firstId}`);
  const paymentCard = page.getByRole('region', { name: 'Payment' });
  await paymentCard
    .getByRole('button', { name: 'Add to payment list' })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByText('1 voucher was added to the payment list.')).toBeVisible();
  await expect(paymentCard.getByRole('table')).toContainText('On payment list');
  await expect(paymentCard.getByTestId('payable-rest')).toContainText('0,00');
  expect(await seriousViolations(page)).toEqual([]);

  await openPaymentList(page, token);
  const firstRow = page.getByTestId(/^payment-row-/).filter({ hasText: supplierName });
  await expect(firstRow).toHaveCount(1);
  await firstRow.getByRole('button', { name: `Actions for the payment to ${supplierName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit payment' });
  await form.getByTestId('field-amount').fill(shownAmount(editedAmountOre));
  await form.getByTestId('field-kid').fill(editedKid);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(firstRow).toContainText(shownAmount(editedAmountOre));
  await expect(firstRow).toContainText(editedKid);

  const secondId = await createPayableVoucher(page, company, {
    supplierName,
    amountOre: editedAmountOre,
    accountNumber: creditorAccount,
    kid: editedKid,
    dueDate,
  });
  await page.goto(`/${company.alias}/voucher?id=${secondId}&payment=0`);
  const secondRow = page.getByTestId(`voucher-row-${secondId}`);
  await expect(secondRow).toContainText('Unpaid', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await secondRow.getByRole('checkbox', { name: `Select voucher ${secondId}` }).check();
  await page.getByRole('button', { name: 'Add 1 to payment list' }).click();
  const warning = page.getByRole('dialog', { name: 'Possible duplicate payment' });
  await expect(warning).toContainText(`Voucher ${secondId} repeats these payments`);
  await expect(warning.getByRole('table')).toContainText(supplierName);
  await expect(warning.getByRole('table')).toContainText(shownAmount(editedAmountOre));
  await expect(warning.getByRole('table')).toContainText(editedKid);
  expect(await seriousViolations(page)).toEqual([]);
  await warning.getByRole('button', { name: 'Add anyway' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByText('1 voucher was added to the payment list.')).toBeVisible();
  await expect(secondRow).toBeHidden();
  await expect(page.getByTestId('voucher-list-empty')).toBeVisible();

  const [first] = await paymentsOfVoucher(page, company, firstId);
  const [second] = await paymentsOfVoucher(page, company, secondId);
  if (!first || !second || first.DebtorCompanyBankId === null)
    throw new Error('Both vouchers should have a payment');
  const ceo = await signInForCalls(page, demoUsers.ceo.email);
  const accountant = await signInForCalls(page, demoUsers.accountant.email);
  await allowToPayFrom(page, ceo.headers, company, accountant.userId, [first.DebtorCompanyBankId]);

  await openPaymentList(page, token);
  const rows = page.getByTestId(/^payment-row-/).filter({ hasText: supplierName });
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all payments on this page' }).check();
  await page.getByTestId('bulk-export').click();
  const exportDialog = page.getByRole('dialog', { name: 'Payment file for the bank (pain.001)' });
  await expect(exportDialog.getByTestId('export-confirm')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await exportDialog.getByTestId('export-submit').click();
  const download = await downloading;
  const pain001 = await readFile(await download.path(), 'utf8');
  expect(endToEndIdsOf(pain001)).toEqual(expect.arrayContaining([first.EndToEndId, second.EndToEndId]));
  await page.keyboard.press('Escape');

  await openPaymentList(page, token, 1);
  await expect(rows).toHaveCount(2);
  await page.getByTestId('import-pain002').click();
  const importDialog = page.getByRole('dialog');
  await importDialog
    .getByTestId('pain002-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({
      name: `status-${token}.xml`,
      mimeType: 'application/xml',
      buffer: pain002For(pain001, [
        { endToEndId: first.EndToEndId, status: 'ACSC' },
        { endToEndId: second.EndToEndId, status: 'RJCT', reason: 'AM04' },
      ]),
    });
  await expect(importDialog.getByTestId('pain002-updated')).toContainText('2');
  await importDialog.getByTestId('pain002-close').click();

  await openPaymentList(page, token, 3);
  await expect(page.getByTestId(`payment-row-${first.Id}`)).toBeVisible();
  await expect(page.getByTestId(`payment-status-${first.Id}`)).toContainText('Paid');
  await openPaymentList(page, token, 2);
  await expect(page.getByTestId(`payment-status-${second.Id}`)).toContainText('Failed');
  await expect(page.getByTestId(`payment-failure-${second.Id}`)).toContainText(/AM04|funds|cover/i);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/${company.alias}/voucher/${firstId}`);
  await expect(paymentCard.getByTestId(`voucher-payment-${first.Id}`)).toContainText('Paid', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});
