import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { expect, test } from '@playwright/test';
import { chooseOption, ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { uniqueToken } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { comingDueDate, FIRST_LOAD_TIMEOUT_MS, typedDate } from './helpers';

const company = demoCompanies.bakery;

test('a payment user moves money between two of the company’s accounts and finds the transfer in the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const from = { number: uniqueAccountNumber(), name: `Drift ${token}` };
  const to = { number: uniqueAccountNumber(), name: `Skatt ${token}` };
  const optionOf = (account: typeof from) => `${account.name} · ${formatAccountNumber(account.number)} (NOK)`;

  await signIn(page, demoUsers.accountant.email);
  await ensureAccount(page, company, from.number, from.name);
  await ensureAccount(page, company, to.number, to.name);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Internal transfers' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${company.alias}/payments/internal-transfer`));
  await expect(page.getByTestId('payment-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });

  await page.getByRole('button', { name: 'New transfer' }).click();
  const form = page.getByRole('form', { name: 'New transfer' });
  await chooseOption(page, form.getByRole('combobox', { name: 'From account' }), optionOf(from));
  await chooseOption(page, form.getByRole('combobox', { name: 'To account' }), optionOf(to));
  await form.getByTestId('field-amount').fill('12 500,00');
  await form.getByTestId('field-due-date').fill(typedDate(comingDueDate()));
  await form.getByTestId('field-message').fill(`Skattetrekk ${token}`);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Add transfer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('The transfer was added')).toBeVisible();

  const row = page.getByTestId(/^payment-row-/).filter({ hasText: formatAccountNumber(to.number) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12\u00A0500,00');
  await expect(row).toContainText(from.name);
  expect(await seriousViolations(page)).toEqual([]);
});
