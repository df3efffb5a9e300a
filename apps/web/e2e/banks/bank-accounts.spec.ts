import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { uniqueName } from '../vouchers/helpers';
import {
  accountRow,
  newAccountNumber,
  openAccountAction,
  openBankAccounts,
  shownAccountOrder,
} from './helpers';

const company = demoCompanies.construction;

/** DNB's registration number in the bank registry; 1234 is one the registry does not know. */
const DNB = '1503';
const UNKNOWN_TO_REGISTRY = '1234';

test('an accountant adds two accounts, orders them, picks the default, edits one and deletes the other', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const operating = { name: uniqueName('Driftskonto'), number: newAccountNumber(DNB) };
  const tax = { name: uniqueName('Skattetrekk'), number: newAccountNumber(UNKNOWN_TO_REGISTRY) };
  const operatingLabel = `${operating.name} (${operating.number.formatted})`;
  const taxLabel = `${tax.name} (${tax.number.formatted})`;

  await signIn(page, demoUsers.accountant.email);
  await openBankAccounts(page, company.alias);
  await expect(page.getByRole('heading', { name: 'Bank accounts', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  const accountNumber = dialog.getByRole('textbox', { name: 'Account number' });
  await expect(accountNumber).toBeFocused();
  await accountNumber.fill(operating.number.withWrongCheckDigit);
  await expect(dialog.getByText('The check digit does not match.')).toBeVisible();
  await expect(dialog.getByTestId('registry-bank')).toBeHidden();

  await accountNumber.fill(operating.number.digits);
  await expect(dialog.getByText('The check digit does not match.')).toBeHidden();
  await expect(dialog.getByTestId('registry-bank')).toContainText('DNB Bank');
  await expect(dialog.getByTestId('registry-bank')).toContainText('DNBANOKK');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(operating.name);
  await dialog.getByRole('textbox', { name: 'Service start' }).fill('0101');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const operatingRow = accountRow(page, operating.name);
  await expect(operatingRow.getByTestId('account-number')).toHaveText(operating.number.formatted);
  await expect(operatingRow).toContainText('DNBANOKK');
  await expect(operatingRow).toContainText(`From 01.01.${new Date().getFullYear()}`);
  await expect(operatingRow).toContainText('No balance yet');

  await page.getByRole('button', { name: 'Add account' }).click();
  await accountNumber.fill(tax.number.formatted);
  const bankChoice = dialog.getByTestId('field-bank');
  await expect(
    dialog.getByText(`The bank registry does not know the bank of ${UNKNOWN_TO_REGISTRY}.`),
  ).toBeVisible();
  await bankChoice.click();
  await bankChoice.fill('Sbanken');
  await page.getByRole('option', { name: 'Sbanken (SBAKNOBB)' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(tax.name);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  const taxRow = accountRow(page, tax.name);
  await expect(taxRow).toContainText('Sbanken');
  await expect(taxRow.getByTestId('account-number')).toHaveText(tax.number.formatted);

  // The new account comes last; moving it up with the keyboard puts it before the first one and keeps
  // the focus on the arrow that was pressed.
  const isBefore = async (first: string, second: string) => {
    const order = await shownAccountOrder(page);
    return order.findIndex((text) => text.includes(first)) < order.findIndex((text) => text.includes(second));
  };
  expect(await isBefore(operating.name, tax.name)).toBe(true);
  const moveTaxUp = page.getByRole('button', { name: `Move ${taxLabel} up` });
  await moveTaxUp.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => isBefore(tax.name, operating.name)).toBe(true);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toMatch(new RegExp(`^Move ${tax.name} .* (up|down)$`));
  await page.reload();
  await expect(taxRow).toBeVisible();
  expect(await isBefore(tax.name, operating.name)).toBe(true);

  await openAccountAction(page, taxLabel, 'Set as default');
  await expect(taxRow.getByTestId('default-badge')).toBeVisible();
  await expect(operatingRow.getByTestId('default-badge')).toBeHidden();

  const renamed = uniqueName('Driftskonto DNB');
  await openAccountAction(page, operatingLabel, 'Edit');
  const editDialog = page.getByRole('dialog', { name: 'Edit bank account' });
  await expect(editDialog.getByRole('textbox', { name: 'Account number' })).toHaveValue(
    operating.number.formatted,
  );
  await expect(editDialog.getByTestId('registry-bank')).toContainText('DNB Bank');
  await editDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(accountRow(page, renamed).getByTestId('account-number')).toHaveText(
    operating.number.formatted,
  );

  await openAccountAction(page, taxLabel, 'Delete');
  const deleteDialog = page.getByRole('dialog', { name: 'Delete the account?' });
  await expect(deleteDialog).toContainText(taxLabel);
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(taxRow).toBeHidden();
  await expect(accountRow(page, renamed)).toBeVisible();
});

test('the balance panel shows the year so far for the chosen account', async ({ page }) => {
  test.setTimeout(120_000);
  const account = { name: uniqueName('Saldokonto'), number: newAccountNumber(DNB) };
  const year = new Date().getFullYear();

  await signIn(page, demoUsers.accountant.email);
  await openBankAccounts(page, demoCompanies.fishery.alias);
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByRole('textbox', { name: 'Account number' }).fill(account.number.digits);
  await expect(dialog.getByTestId('registry-bank')).toContainText('DNB Bank');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(account.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByRole('region', { name: 'Balance' });
  await panel.getByTestId('balance-account').click();
  await page.getByRole('option', { name: `${account.name} (${account.number.formatted})` }).click();
  await expect(panel.getByTestId('balance-type')).toHaveValue('Closing booked (CLBD)');
  await expect(panel.getByRole('textbox', { name: 'From' })).toHaveValue(`01.01.${year}`);
  await expect(panel.getByTestId('balance-opening').getByTestId('amount')).toHaveText('Not known');
  await expect(panel.getByTestId('balance-movement').getByTestId('amount')).toHaveText('0,00\u00A0NOK');
  await expect(panel.getByTestId('balance-no-entries')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('textbox', { name: 'To' }).fill('0101');
  await panel.getByRole('textbox', { name: 'From' }).fill('0201');
  await panel.getByRole('textbox', { name: 'From' }).press('Enter');
  await expect(panel.getByText('The period cannot end before it starts.')).toBeVisible();
});
