import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { expect, test } from '@playwright/test';
import { ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';
import { uniqueName } from '../vouchers/helpers';
import { company, deleteDivisions, FIRST_LOAD_TIMEOUT_MS } from './helpers';

test('an accountant adds a division with an account, is told a wrong or taken organisation number, changes it and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
  await deleteDivisions(page);
  const accountNumber = uniqueAccountNumber();
  const accountName = uniqueName('Avdelingskonto');
  await ensureAccount(page, company, accountNumber, accountName);
  const accountLabel = `${accountName} (${formatAccountNumber(accountNumber)})`;

  await page.goto(`/${company.alias}/`);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Divisions' }).click();
  await expect(page).toHaveURL(`/${company.alias}/admin-bank-division`);
  await expect(page.getByTestId('divisions-empty')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });

  await page.getByRole('button', { name: 'Add division' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a division' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Avdeling Tromsø');
  const number = dialog.getByRole('textbox', { name: 'Organisation number' });
  await number.fill('974 760 674');
  await number.press('Tab');
  await expect(dialog).toContainText(
    'This is not a valid organisation number: the last digit does not match (MOD11).',
  );
  await number.fill('974 760 673');
  await number.press('Tab');
  await expect(dialog).not.toContainText('This is not a valid organisation number');
  await dialog.getByTestId('division-accounts').click();
  await page.getByRole('option', { name: accountLabel }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save division' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Avdeling Tromsø is added.')).toBeVisible();
  const tromso = page.getByTestId(/^division-row-/).filter({ hasText: 'Avdeling Tromsø' });
  await expect(tromso).toContainText('974 760 673');
  await expect(tromso).toContainText(accountLabel);

  // The same number for a second division: said as the number is typed, and refused on saving.
  await page.getByRole('button', { name: 'Add division' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Avdeling Bodø');
  await number.fill('974760673');
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await expect(dialog).toContainText('The division "Avdeling Tromsø" already has this organisation number.');
  await dialog.getByRole('button', { name: 'Save division' }).click();
  await expect(dialog).toContainText(
    'The division "Avdeling Tromsø" already has the organisation number 974 760 673.',
  );
  await page.screenshot({ path: test.info().outputPath('division-taken-en.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Change Avdeling Tromsø' }).click();
  const edit = page.getByRole('dialog', { name: 'Change the division' });
  await expect(edit.getByRole('textbox', { name: 'Organisation number' })).toHaveValue('974 760 673');
  await edit.getByRole('textbox', { name: 'Name' }).fill('Avdeling Tromsø og Finnmark');
  await edit.getByRole('button', { name: 'Save division' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByTestId(/^division-row-/).filter({ hasText: 'Avdeling Tromsø og Finnmark' });
  await expect(renamed).toContainText(accountLabel);
  await page.screenshot({ path: test.info().outputPath('divisions-en.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'Avdelinger', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('divisions-no.png'), fullPage: true });
  await page.getByRole('button', { name: 'Slett Avdeling Tromsø og Finnmark' }).click();
  const confirm = page.getByRole('dialog', { name: 'Slette avdelingen?' });
  await expect(confirm).toContainText('Bankkontoene blir værende i firmaet.');
  await confirm.getByRole('button', { name: 'Slett' }).click();
  await expect(page.getByTestId('divisions-empty')).toBeVisible();
  await expect(page.getByTestId('divisions-empty')).toContainText('Ingen avdelinger ennå');
  await pickLanguage(page, 'en');
});
