import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { uniqueName } from '../vouchers/helpers';
import { FIRST_LOAD_TIMEOUT_MS, newAccountNumber, openBankAccounts } from './helpers';

/** A BIC of four random letters and NOKK, so each run adds a bank no other run has added. */
function newBic(): string {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26)));
  return `${letters.join('')}NOKK`;
}

test('an administrator adds a bank to the registry and sets its automatic import', async ({ page }) => {
  test.setTimeout(120_000);
  const name = uniqueName('Testbanken');
  const bic = newBic();

  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${demoCompanies.bureau.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Bank registry (admin)' })
    .click();
  await expect(page).toHaveURL(`/${demoCompanies.bureau.alias}/admin-auto-import`);
  await expect(page.getByRole('heading', { name: 'Bank registry', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'BIC' }).fill(bic.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Registration numbers' }).fill('9801, 98O2, 123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Each registration number has four digits. Check: 98O2, 123')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Registration numbers' }).fill('9801, 9802');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('bank-search').fill(bic);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('bank-count')).toHaveText('1 bank');
  const row = page.getByTestId(/^bank-row-/).filter({ hasText: name });
  await expect(row).toContainText(bic);
  await expect(row).toContainText('9801, 9802');
  const autoImport = row.getByRole('switch', { name: `Automatic import for ${name}` });
  await expect(autoImport).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByTestId(/^template-/).click();
  await page.getByRole('option', { name: 'SpareBank 1 Nord-Norge' }).click();
  await expect(row.getByTestId(/^template-/)).toHaveValue('SpareBank 1 Nord-Norge');
  await expect(autoImport).toBeChecked();

  await row.getByTestId(/^template-/).click();
  await page.getByRole('option', { name: 'DNB', exact: true }).click();
  await expect(row.getByTestId(/^template-/)).toHaveValue('DNB');
  await autoImport.click({ force: true });
  await expect(autoImport).not.toBeChecked();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(row.getByTestId('bank-status')).toHaveText('Inactive');

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit bank' });
  await expect(editDialog.getByRole('textbox', { name: 'BIC' })).toHaveValue(bic);
  await editDialog.getByRole('textbox', { name: 'Registration numbers' }).fill('9801, 9802, 9803');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('9801–9803');
});

test("an administrator follows every company's accounts in the automatic import overview", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const company = demoCompanies.bureau;
  const account = { name: uniqueName('Importkonto'), number: newAccountNumber('1503') };

  await signIn(page, demoUsers.admin.email);
  await openBankAccounts(page, company.alias);
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByRole('textbox', { name: 'Account number' }).fill(account.number.digits);
  await expect(dialog.getByTestId('registry-bank')).toContainText('DNB Bank');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(account.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Automatic import (admin)' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/admin-import-auto`);
  await expect(page.getByTestId('import-account-count')).not.toHaveText(' ', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.getByTestId('import-search').fill(account.number.formatted);
  await expect(page.getByTestId('import-account-count')).toHaveText('1 account');
  const row = page.getByTestId(/^import-row-/);
  await expect(row).toContainText(company.name);
  await expect(row).toContainText(account.number.formatted);
  await expect(row).toContainText('DNB Bank');
  await expect(row).toContainText('On');
  await expect(row).toContainText('Never');
  // The pointer still rests on the menu link it clicked; a hovered link is not what is being checked.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('import-search').fill('');
  await page.getByTestId('sort-CompanyName').click();
  await expect(page).toHaveURL(/sort=CompanyName&order=desc/);
  await expect(page.getByRole('columnheader', { name: 'Company' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const companies = await page
    .getByTestId(/^import-row-/)
    .locator('td:first-child p:first-child')
    .allTextContents();
  expect(companies).toEqual([...companies].sort((first, second) => second.localeCompare(first, 'nb')));
});

test('a user without the administrator role is refused the import overview and the bank registry', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.goto(`/${demoCompanies.bakery.alias}/bank-management`);
  await expect(page.getByRole('heading', { name: 'Bankkontoer', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByRole('link', { name: 'Automatisk import (admin)' })).toBeHidden();

  await page.goto(`/${demoCompanies.bakery.alias}/admin-import-auto`);
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByTestId('status-code')).toHaveText('401');

  await page.goto(`/${demoCompanies.bakery.alias}/admin-auto-import`);
  await expect(page).toHaveURL('/unauthorized');
});
