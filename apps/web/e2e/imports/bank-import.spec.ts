import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  CAMT_ACCOUNT,
  CAMT_STATEMENT,
  chooseImportAccount,
  DNB_STATEMENT,
  ensureAccount,
  FIRST_LOAD_TIMEOUT_MS,
  formattedAccount,
  IMPORT_TIMEOUT_MS,
  importStatement,
  transactionRows,
  uniqueAccountNumber,
} from './helpers';

test('an accountant imports a DNB statement, follows it up, sees a second import skip every row and undoes the first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const company = demoCompanies.fishery;
  const accountNumber = uniqueAccountNumber();
  const accountLabel = `${formattedAccount(accountNumber)} · Driftskonto`;

  await signIn(page, demoUsers.accountant.email);
  const accountId = await ensureAccount(page, company, accountNumber, 'Driftskonto');
  await page.goto(`/${company.alias}/`);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Bank', exact: true })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/bank`);
  await expect(page.getByTestId('transaction-statistics')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByTestId('import-bank-file').click();
  await expect(page).toHaveURL(`/${company.alias}/bank/import-document`);

  await chooseImportAccount(page, accountLabel);
  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(DNB_STATEMENT);
  await page.getByTestId('import-upload').click();

  await expect(page.getByTestId('layout-note')).toContainText('DNB', { timeout: IMPORT_TIMEOUT_MS });
  const preview = page.getByTestId('import-preview');
  await expect(preview.locator('[data-header]')).toContainText('Forklaring');
  await expect(page.getByTestId('column-kind-0')).toHaveAttribute('data-kind', 'date');
  await expect(page.getByTestId('column-kind-1')).toHaveAttribute('data-kind', 'text');
  await expect(page.getByTestId('column-kind-2')).toHaveAttribute('data-kind', 'valueDate');
  await expect(page.getByTestId('column-kind-3')).toHaveAttribute('data-kind', 'amountOut');
  await expect(page.getByTestId('column-kind-4')).toHaveAttribute('data-kind', 'amountIn');

  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-rows')).toHaveText('4', { timeout: IMPORT_TIMEOUT_MS });
  await expect(page.getByTestId('check-refused')).toHaveText('1');
  await expect(page.getByTestId('check-period')).toHaveText('05.10.2026–15.10.2026');
  await expect(page.getByTestId('check-sample')).toContainText('05.10.2026');
  await expect(page.getByTestId('check-sample')).toContainText('-1 234,50');
  await expect(page.getByTestId('check-sample')).toContainText('+48 900,00');
  await expect(page.getByTestId('check-refusals')).toContainText('Unreadable date');
  await expect(page.getByTestId('check-refusals')).toContainText('31.02.2026');

  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('result-imported')).toHaveText('4', { timeout: IMPORT_TIMEOUT_MS });
  await expect(page.getByTestId('result-duplicates')).toHaveText('0');
  await expect(page.getByTestId('result-refused')).toHaveText('1');
  // Every step, the import's too, is shown as done.
  await expect(
    page.getByTestId('import-wizard').locator('.mantine-Stepper-step[data-completed]'),
  ).toHaveCount(4);

  await page.getByTestId('show-imported').click();
  await expect(page).toHaveURL(new RegExp(`/${company.alias}/bank\\?.*import=\\d+`));
  await expect(page.getByTestId('import-filter')).toBeVisible();
  await expect(transactionRows(page)).toHaveCount(4, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const groceries = transactionRows(page).filter({ hasText: 'Varekjøp REMA 1000 Bryggen' });
  const phone = transactionRows(page).filter({ hasText: 'Telenor mobil oktober' });
  const payment = transactionRows(page).filter({ hasText: 'Innbetaling faktura 10045' });
  await expect(groceries).toContainText('-1 234,50 NOK');
  await expect(groceries).toContainText('Missing voucher');
  await expect(payment).toContainText('+48 900,00 NOK');

  await groceries.getByRole('checkbox').check();
  await phone.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-actions')).toContainText('2 selected');
  await page.getByTestId('bulk-private').click();
  await expect(page.getByText('2 transactions updated')).toBeVisible();
  await expect(groceries).toContainText('Private');
  await expect(groceries.getByTestId('private-flag')).toBeVisible();
  await expect(phone.getByTestId('private-flag')).toBeVisible();
  await expect(payment.getByTestId('private-flag')).toBeHidden();

  await groceries.click();
  const drawer = page.getByRole('dialog', { name: /Transaction \d+/ });
  await expect(drawer.getByTestId('transaction-fields')).toContainText('Varekjøp REMA 1000 Bryggen');
  await expect(drawer.getByTestId('transaction-history')).toContainText('Private: No → Yes');
  await drawer.getByTestId('field-note').fill('Lunsj med kunde');
  await drawer.getByTestId('field-note').press('Control+Enter');
  await expect(page.getByText('The transaction was saved.')).toBeVisible();
  await expect(drawer.getByTestId('transaction-history').getByTestId('history-entry').first()).toContainText(
    'Note: — → Lunsj med kunde',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(groceries).toContainText('Lunsj med kunde');

  const [download, pdfReply] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => response.url().includes('/transactions/export-pdf-private-lost')),
    page.getByTestId('export-private-lost').click(),
  ]);
  expect(pdfReply.status()).toBe(200);
  expect(pdfReply.headers()['content-type']).toContain('application/pdf');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  const again = await importStatement(page, company, accountLabel, DNB_STATEMENT);
  expect(again).toEqual({ imported: 0, duplicates: 4, refused: 1 });
  await expect(page.getByText('Every row was already in the account.')).toBeVisible();
  await expect(page.getByTestId('show-imported')).toBeHidden();

  await page.goto(`/${company.alias}/bank?view=imports&account=${accountId}`);
  const history = page.getByTestId('import-history');
  await expect(history.locator('[data-testid^="import-row-"]')).toHaveCount(2, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const firstImport = history.locator('[data-testid^="import-row-"]').filter({
    has: page.getByTestId('import-imported').getByText('4', { exact: true }),
  });
  await expect(firstImport).toContainText('dnb-statement.csv');
  await expect(firstImport).toContainText('05.10.2026–15.10.2026');
  await firstImport.getByTestId('undo-import').click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(confirm).toContainText('The 4 transactions from dnb-statement.csv');
  await page.getByTestId('confirm-undo-import').click();
  await expect(page.getByText('The import was undone: 4 transactions deleted')).toBeVisible();

  await page.goto(`/${company.alias}/bank?account=${accountId}`);
  await expect(page.getByTestId('transaction-list-empty')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(transactionRows(page)).toHaveCount(0);
});

test('a camt.053 statement shows its balance proof and the gap between two statements before it is imported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const company = demoCompanies.construction;
  const accountLabel = `${formattedAccount(CAMT_ACCOUNT)} · Hovedkonto`;

  await signIn(page, demoUsers.accountant.email);
  await ensureAccount(page, company, CAMT_ACCOUNT, 'Hovedkonto');

  await page.goto(`/${company.alias}/bank/import-document`);
  await chooseImportAccount(page, accountLabel);
  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(CAMT_STATEMENT);
  await page.getByTestId('import-upload').click();

  const summary = page.getByTestId('camt-summary');
  await expect(summary).toContainText(formattedAccount(CAMT_ACCOUNT), { timeout: IMPORT_TIMEOUT_MS });
  await expect(summary).toContainText('01.10.2026–20.11.2026');
  await expect(summary).toContainText('10 000,00');
  await expect(summary).toContainText('10 650,00');
  await expect(page.getByTestId('balance-proof')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('balance-proof')).toContainText('Adds up');
  await expect(page.getByTestId('camt-warnings')).toContainText('STMT-2026-11');
  await expect(page.getByTestId('import-preview')).toContainText('Husleie lager oktober');
  await expect(page.getByTestId('import-preview')).toContainText('-1 200,00');

  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-rows')).toHaveText('3', { timeout: IMPORT_TIMEOUT_MS });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  const imported = Number(await page.getByTestId('result-imported').textContent());
  const duplicates = Number(await page.getByTestId('result-duplicates').textContent());
  expect(imported + duplicates).toBe(3);
});

test('a user without the administrator role is refused the manual import', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.fishery.alias}/`);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bank', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manual import (admin)' })).toBeHidden();
  await page.goto(`/${demoCompanies.fishery.alias}/admin-import-manual`);
  await expect(page).toHaveURL('/unauthorized');
});

test('an administrator picks any company account and gets the import wizard for it', async ({ page }) => {
  const company = demoCompanies.bureau;
  const accountNumber = uniqueAccountNumber();
  const optionName = new RegExp(
    `${company.name} — ${formattedAccount(accountNumber).replaceAll('.', '\\.')}`,
  );

  await signIn(page, demoUsers.admin.email);
  await ensureAccount(page, company, accountNumber, 'Klientkonto');
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Manual import (admin)' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/admin-import-manual`);
  await page.getByTestId('admin-import-account').fill(formattedAccount(accountNumber));
  await page.getByRole('option', { name: optionName }).click();
  await expect(page).toHaveURL(/account=\d+/);
  await expect(page.getByTestId('import-account')).toHaveValue(optionName);
  await expect(page.getByTestId('import-account')).toBeDisabled();
  await expect(page.getByTestId('import-dropzone')).toBeVisible();
});

test('the bank screens have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const company = demoCompanies.bakery;
  const accountNumber = uniqueAccountNumber();
  const accountLabel = `${formattedAccount(accountNumber)} · Tilgjengelighet`;

  await signIn(page, demoUsers.accountant.email);
  await ensureAccount(page, company, accountNumber, 'Tilgjengelighet');
  await page.goto(`/${company.alias}/bank/import-document`);
  await chooseImportAccount(page, accountLabel);
  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(DNB_STATEMENT);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-preview')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-sample')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('import-start').click();
  await page.getByTestId('show-imported').click({ timeout: IMPORT_TIMEOUT_MS });

  await expect(transactionRows(page)).toHaveCount(4, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await transactionRows(page).first().getByRole('checkbox').check();
  expect(await seriousViolations(page)).toEqual([]);
  await transactionRows(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transaction-history')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Import history' }).click();
  await expect(page.getByTestId('import-history')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
