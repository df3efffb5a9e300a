import { nextBankingDay } from '@bilag/domain/dates/banking-days';
import { addDays, type IsoDate, isoDateParts } from '@bilag/domain/dates/norwegian-dates';
import { expect, test } from '@playwright/test';
import { chooseOption } from '../imports/helpers';
import { uniqueToken } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, todayInNorway, typedDate } from './helpers';

const company = demoCompanies.bakery;

/** A Saturday at least two weeks ahead, past any bank's earliest date for a payment abroad. */
function comingSaturday(): IsoDate {
  let date = addDays(todayInNorway(), 14);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}

test('an international payment refuses a wrong IBAN, a missing BIC and a weekend due date, and saves once they are fixed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const creditorName = `Moulin de Provence ${uniqueToken()}`;
  const saturday = comingSaturday();
  const monday = nextBankingDay(saturday, 'EUR');

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/payments/payment-list/international`);
  await expect(page.getByTestId('payment-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByRole('button', { name: 'New payment' }).click();
  const form = page.getByRole('form', { name: 'New payment' });
  await form.getByTestId('field-creditor-name').fill(creditorName);
  await chooseOption(page, form.getByTestId('field-country'), 'France');
  await form.getByTestId('field-creditor-account').fill('FR7630006000011234567890188');
  await form.getByTestId('field-creditor-account').blur();
  await expect(form.getByText('The IBAN is not valid.')).toBeVisible();
  await form.getByTestId('field-amount').fill('1 250,00');
  await form.getByTestId('field-due-date').fill(typedDate(saturday));
  await form.getByTestId('field-due-date').blur();
  await expect(form.getByTestId('due-date-not-banking-day')).toContainText(
    `${String(isoDateParts(monday).day).padStart(2, '0')}.`,
  );
  await form.getByRole('combobox', { name: 'Purpose of the payment' }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('button', { name: 'Add payment' }).click();
  await expect(form.getByText("Write the receiving bank's BIC (SWIFT code).")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByTestId('field-creditor-account').fill('FR7630006000011234567890189');
  await form.getByTestId('field-bic').fill('AGRIFRPP');
  await form.getByTestId('move-due-date').click();
  await expect(form.getByTestId('field-due-date')).toHaveValue(typedDate(monday));
  await form.getByRole('button', { name: 'Add payment' }).click();
  await expect(form).toBeHidden();

  const row = page.getByTestId(/^payment-row-/).filter({ hasText: creditorName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('FR76 3000 6000 0112 3456 7890 189');
  await expect(row).toContainText('1\u00A0250,00');
  expect(await seriousViolations(page)).toEqual([]);
});
