import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  FIRST_LOAD_TIMEOUT_MS,
  importEntries,
  missingRows,
  openConnectMissing,
  uniqueToken,
} from './helpers';

const company = demoCompanies.construction;
const copyTarget = demoCompanies.bakery;

/** Picks an option of a Mantine select inside a part of the form. */
async function choose(page: Page, scope: Locator, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an accountant writes a rule, previews it, saves and runs it, and copies it to another company', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken();
  const ruleName = `Bompenger ${token}`;

  await signIn(page, demoUsers.accountant.email);
  await importEntries(page, company, token, [
    { date: '2026-08-03', amount: '45.00', text: `Bompenger ${token} E18 Sandvika` },
    { date: '2026-08-17', amount: '47.50', text: `Bompenger ${token} E6 Minnesund` },
    { date: '2026-08-20', amount: '10.00', text: `Diverse ${token}` },
  ]);
  await page.goto(`/${company.alias}/`);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rules for this company' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/ai-setting/ai-local`);
  await expect(page.getByTestId('rule-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });

  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ruleName);
  await dialog.getByRole('textbox', { name: 'Priority' }).fill('5');

  const firstCondition = dialog.getByRole('group', { name: 'Condition 1' });
  await firstCondition.getByRole('textbox', { name: 'Text' }).fill(`Bompenger ${token}`);
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  const secondCondition = dialog.getByRole('group', { name: 'Condition 2' });
  await choose(page, secondCondition, 'condition-kind', 'Amount');
  await choose(page, secondCondition, 'condition-operator', 'between');
  await secondCondition.getByRole('textbox', { name: 'From (kr)' }).fill('40');
  await secondCondition.getByRole('textbox', { name: 'To (kr)' }).fill('5');

  const firstAction = dialog.getByRole('group', { name: 'Action 1' });
  await choose(page, firstAction, 'action-kind', 'Mark private');
  await dialog.getByRole('button', { name: 'Add action' }).click();
  const secondAction = dialog.getByRole('group', { name: 'Action 2' });
  await choose(page, secondAction, 'action-kind', 'Set a note');
  await secondAction.getByRole('textbox', { name: 'Note' }).fill('Bompenger, kvittering i AutoPASS');

  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(secondCondition.getByText('The highest amount is below the lowest')).toBeVisible();
  await secondCondition.getByRole('textbox', { name: 'To (kr)' }).fill('50');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('rule-preview');
  await expect(preview.getByTestId('rule-preview-summary')).toHaveText(
    /^Would change 2 of \d+ open transactions$/,
  );
  await expect(preview).toContainText(`Bompenger ${token} E18 Sandvika`);
  await expect(preview).toContainText('Mark private');
  await expect(preview).toContainText('Set the note "Bompenger, kvittering i AutoPASS"');
  await expect(preview).not.toContainText(`Diverse ${token}`);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(/^rule-row-/).filter({ hasText: ruleName });
  await expect(row).toContainText(`Text contains "Bompenger ${token}"`);
  await expect(row).toContainText('Amount between 40,00\u00A0NOK and 50,00\u00A0NOK');
  await expect(row).toContainText('Mark private');
  await expect(row.getByTestId('rule-hits')).toHaveText('0');

  await page.getByTestId('rule-saved').getByRole('button', { name: 'Run rules now' }).click();
  await expect(page.getByText(/Matching done\. Connected: \d+\. Handled by rules: \d+\./)).toBeVisible();
  await expect(row.getByTestId('rule-hits')).toHaveText('2');
  await expect(row).not.toContainText('Never');
  expect(await seriousViolations(page)).toEqual([]);

  await openConnectMissing(page, company, token);
  await expect(missingRows(page)).toHaveCount(1);
  await expect(missingRows(page)).toContainText(`Diverse ${token}`);

  await page.goto(`/${company.alias}/ai-setting/ai-local`);
  await row.getByRole('checkbox', { name: `Select the rule ${ruleName}` }).check();
  await page.getByRole('button', { name: 'Copy rules' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy rules to other companies' });
  await copyDialog.getByTestId('copy-targets').click();
  await page.getByRole('option', { name: copyTarget.name }).click();
  await copyDialog.getByText('The rules are added to each company you choose').click();
  await expect(copyDialog.getByRole('checkbox', { name: 'Only the 1 ticked rule' })).toBeChecked();
  await copyDialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Copied 1 rule to 1 company')).toBeVisible();

  await page.goto(`/${copyTarget.alias}/ai-setting/ai-local`);
  const copied = page.getByTestId(/^rule-row-/).filter({ hasText: ruleName });
  await expect(copied).toContainText(`Text contains "Bompenger ${token}"`, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await copied.getByRole('button', { name: `Delete the rule ${ruleName}` }).click();
  await page.getByTestId('confirm-delete-rule').click();
  await expect(page.getByText(`The rule ${ruleName} was deleted.`)).toBeVisible();
  await expect(copied).toHaveCount(0);
});

test('an accountant changes a rule and switches it off from the list', async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const ruleName = `Strøm ${token}`;

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/ai-setting/ai-local`);
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ruleName);
  const condition = dialog.getByRole('group', { name: 'Condition 1' });
  await choose(page, condition, 'condition-kind', "Counterparty's account");
  await condition.getByRole('textbox', { name: 'Account number' }).fill('1503.77.88994');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(condition.getByText('The check digit of this account number is wrong')).toBeVisible();
  await condition.getByRole('textbox', { name: 'Account number' }).fill('1503.77.88993');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId(/^rule-row-/).filter({ hasText: ruleName });
  await expect(row).toContainText('Paid to or from account 1503.77.88993');
  await expect(row).toContainText('Connect the open voucher with the same KID');
  await row.getByRole('button', { name: `Edit the rule ${ruleName}` }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit the rule ${ruleName}` });
  await expect(editDialog.getByRole('textbox', { name: 'Account number' })).toHaveValue('1503.77.88993');
  await choose(
    page,
    editDialog.getByRole('group', { name: 'Action 1' }),
    'action-connect-by',
    'The same amount',
  );
  await editDialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('Connect the open voucher with the same amount, nearest in date');

  const active = row.getByRole('switch', { name: `The rule ${ruleName} runs` });
  await expect(active).toBeChecked();
  // The switch's track covers its input, so a click lands on the label around both, as a person's does;
  // clicking there also waits until the closing dialog no longer covers the list.
  await active.locator('..').click();
  await expect(active).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: `The rule ${ruleName} runs` })).not.toBeChecked({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});

test('company staff read the rules for all companies but cannot change them', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto('/');
  await expect(page).toHaveURL(`/${copyTarget.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rules for all companies' })
    .click();
  await expect(page).toHaveURL(`/${copyTarget.alias}/ai-setting/ai-global`);
  await expect(page.getByTestId('rules-read-only')).toHaveText(
    'Only administrators and accountants can change the rules for all companies.',
    { timeout: FIRST_LOAD_TIMEOUT_MS },
  );
  await expect(page.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
  // The pointer still rests on the menu entry, whose hover colour is not what is being checked here.
  await page.mouse.move(800, 30);
  expect(await seriousViolations(page)).toEqual([]);
});
