import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';
import { company, ensureBankConnection, FIRST_LOAD_TIMEOUT_MS, setPayments } from './helpers';

test('an administrator turns payments off: the payment menu goes, the payment pages say so, and on again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.admin.email);
  await setPayments(page, true);
  try {
    await page.goto(`/${company.alias}/company-services`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const paymentsLink = menu.getByRole('link', { name: 'Payments', exact: true });
    await expect(paymentsLink).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    const payments = page.getByTestId('service-payments');
    await expect(payments.getByText('On', { exact: true })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(page.getByTestId('service-email')).toContainText(`${company.alias}@`);

    await payments.getByRole('switch', { name: 'Payments on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off Payments?' });
    await expect(dialog).toContainText('The payment menu is hidden and every payment call is refused');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Payments turned off.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(payments.getByText('Off', { exact: true })).toBeVisible();
    await expect(payments.getByTestId('service-history')).toContainText(
      `turned off by ${demoUsers.admin.fullName}`,
    );
    await expect(paymentsLink).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Payment users' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Internal transfers' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('company-services-en.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // An address typed by hand (a bookmark) shows that payments are off, not the list.
    await page.goto(`/${company.alias}/payments/payment-list`);
    const off = page.getByTestId('service-off');
    await expect(off).toContainText('Payments are turned off', { timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(off).toContainText(`Payments are turned off for ${company.name}`);
    await page.screenshot({ path: test.info().outputPath('payments-off-en.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await pickLanguage(page, 'no');
    await expect(off).toContainText('Betaling er slått av');
    await page.screenshot({ path: test.info().outputPath('payments-off-no.png') });
    await off.getByRole('link', { name: 'Åpne firmatjenester' }).click();
    await expect(page).toHaveURL(`/${company.alias}/company-services`);
    await expect(page.getByTestId('service-payments').getByText('Av', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('company-services-no.png'), fullPage: true });
    await pickLanguage(page, 'en');

    await payments.getByRole('switch', { name: 'Payments on' }).click();
    await expect(page.getByText('Payments turned on.')).toBeVisible();
    await expect(payments.getByTestId('service-history')).toContainText(
      `turned on by ${demoUsers.admin.fullName}`,
    );
    await paymentsLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${company.alias}/payments/payment-list`);
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(page.getByTestId('service-off')).toHaveCount(0);
  } finally {
    await setPayments(page, true);
  }
});

test('the bank connection, once turned off, comes back only by buying it, and the purchase is named', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.admin.email);
  await ensureBankConnection(page);
  try {
    await page.goto(`/${company.alias}/company-services`);
    const connection = page.getByTestId('service-bank-sync');
    await connection
      .getByRole('switch', { name: 'Bank connection (ZTL) on' })
      .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
    const turnOff = page.getByRole('dialog', { name: 'Turn off Bank connection (ZTL)?' });
    await expect(turnOff).toContainText('it is bought again');
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await expect(connection.getByRole('switch')).toHaveCount(0);

    await connection.getByRole('button', { name: 'Buy' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy the bank connection?' });
    await expect(buy).toContainText(company.name);
    await buy.getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByText('The bank connection is bought and turned on.')).toBeVisible();
    await expect(connection.getByText('On', { exact: true })).toBeVisible();
    await expect(connection).toContainText(`by ${demoUsers.admin.fullName}`);
    await expect(connection).toContainText('Bought');
  } finally {
    await ensureBankConnection(page);
  }
});

test('an accountant sees the services but cannot switch them', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/company-services`);
  const payments = page.getByTestId('service-payments');
  await expect(payments.getByRole('switch', { name: 'Payments on' })).toBeDisabled({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(payments).toContainText('Only the CEO or an administrator turns services on and off.');
  // The administrator's test beside this one turns the bank connection off and buys it back: whichever
  // the accountant meets, a switch or the offer to buy, it is not theirs to use.
  const bankSync = page.getByTestId('service-bank-sync');
  await expect(
    bankSync.getByRole('switch').or(bankSync.getByText('Only the CEO or an administrator buys services.')),
  ).toBeVisible();
  await expect(bankSync.getByRole('switch', { disabled: false })).toHaveCount(0);
  await expect(bankSync.getByRole('button', { name: 'Buy' })).toHaveCount(0);
});
