import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { uniqueName } from '../vouchers/helpers';
import { FIRST_LOAD_TIMEOUT_MS, newOrganisationNumber, openAdminPage } from './helpers';

test('an administrator adds, searches, changes and deletes a spam supplier, and is told what is wrong', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName('Spam AS');
  const organisationNumber = newOrganisationNumber();

  await openAdminPage(page, 'Spam suppliers (admin)', 'admin-ehf/spam');
  await expect(page.getByRole('heading', { name: 'Spam suppliers', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.getByRole('button', { name: 'Add supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add spam supplier' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the supplier a name.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give an organisation number, an e-mail address or a domain')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Organisation number' }).fill('923456784');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The organisation number 923456784 is not valid')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Organisation number' }).fill(organisationNumber);
  await dialog.getByRole('textbox', { name: 'E-mail address or @domain' }).fill('faktura@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('"faktura@" is neither an e-mail address nor a domain')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'E-mail address or @domain' }).fill('@Spam-Example.no');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Sends invoices nobody ordered');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('spam-search').fill(organisationNumber);
  await expect(page.getByTestId('spam-count')).toHaveText('1 supplier');
  const row = page.getByTestId(/^spam-row-/).filter({ hasText: name });
  await expect(row).toContainText(organisationNumber);
  await expect(row).toContainText('@spam-example.no');
  await expect(row).toContainText('All companies');
  expect(await seriousViolations(page)).toEqual([]);

  // The same sender again is refused, with the entry that already blocks it named.
  await page.getByRole('button', { name: 'Add supplier' }).click();
  const again = page.getByRole('dialog', { name: 'Add spam supplier' });
  await again.getByRole('textbox', { name: 'Name' }).fill('Copy');
  await again.getByRole('textbox', { name: 'Organisation number' }).fill(organisationNumber);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('alert')).toContainText(`already on the spam-supplier list, as "${name}"`);
  await again.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Change ${name}` }).click();
  const editor = page.getByRole('dialog', { name: 'Change spam supplier' });
  await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await editor.getByRole('textbox', { name: 'Reason' }).fill('Phishing');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('Phishing');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete spam supplier?' });
  await expect(confirm).toContainText(`${name} will no longer be blocked.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No supplier matches')).toBeVisible();
});

test('the spam-supplier list speaks Norwegian', async ({ page }) => {
  test.setTimeout(90_000);
  await openAdminPage(page, 'Spamleverandører (admin)', 'admin-ehf/spam', 'no');
  await expect(page.getByRole('heading', { name: 'Spamleverandører', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.getByRole('button', { name: 'Legg til leverandør' }).click();
  const dialog = page.getByRole('dialog', { name: 'Legg til spamleverandør' });
  await dialog.getByRole('textbox', { name: 'Navn' }).fill(uniqueName('Spam'));
  await dialog.getByRole('textbox', { name: 'Organisasjonsnummer' }).fill('123');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByText('Organisasjonsnummeret 123 er ikke gyldig')).toBeVisible();
});
