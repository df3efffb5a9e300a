import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { expect, test } from '@playwright/test';
import { ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { uniqueToken } from '../matching/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, signInForCalls } from './helpers';

/** The bureau's owner manages its payment users; nobody else's payments depend on them. */
const company = demoCompanies.bureau;
const person = demoUsers.admin;

test('the company owner makes a member a payment user, verifies an account for her, stops and allows her payments and removes her', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const accountNumber = uniqueAccountNumber();
  const accountName = `Driftskonto ${uniqueToken()}`;
  const accountLabel = `${accountName} (${formatAccountNumber(accountNumber)})`;

  await signIn(page, demoUsers.accountant.email);
  await ensureAccount(page, company, accountNumber, accountName);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Payment users' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/payments/assign-users`);
  await expect(page.getByRole('heading', { name: 'Payment users', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payment-user-count')).not.toHaveText(' ', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  // A run against a server an earlier run left behind starts from the same place.
  const earlier = page.getByRole('button', { name: `Remove ${person.fullName} as payment user` });
  if (await earlier.isVisible()) {
    await earlier.click();
    await page.getByTestId('confirm-remove-payment-user').click();
    await expect(earlier).toBeHidden();
  }

  await page.getByRole('button', { name: 'Add payment user' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add payment user' });
  await addDialog.getByTestId('payment-user-person').click();
  await page.getByRole('option', { name: `${person.fullName} (${person.email})` }).click();
  await expect(addDialog.getByRole('switch', { name: 'Allowed to pay' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText(`${person.fullName} is now a payment user.`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('No account yet');
  await row.getByRole('button', { name: `Accounts of ${person.fullName}` }).click();
  const accountsDialog = page.getByRole('dialog', { name: `Accounts ${person.fullName} may pay from` });
  await accountsDialog.getByRole('checkbox', { name: accountLabel }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await accountsDialog.getByRole('button', { name: 'Save accounts' }).click();
  await expect(accountsDialog).toBeHidden();
  await expect(row.getByTestId('verified-accounts')).toContainText(accountLabel);

  const allowed = row.getByRole('switch', { name: `${person.fullName} is allowed to pay` });
  await expect(allowed).toBeChecked();
  // The switch's input is visually hidden, so it is clicked by force: only once the closing dialog's
  // overlay has faded out, or the click lands on the overlay.
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
  await allowed.click({ force: true });
  await expect(page.getByText(`${person.fullName} may no longer pay.`)).toBeVisible();
  await expect(allowed).not.toBeChecked();
  const { headers } = await signInForCalls(page, person.email);
  const actions = await page.request.get(`/api/main/payment-actions/${company.id}`, { headers });
  expect((await actions.json()).data).toMatchObject({ canPrepare: true, canPay: false });

  await allowed.click({ force: true });
  await expect(page.getByText(`${person.fullName} may now pay.`)).toBeVisible();
  await expect(allowed).toBeChecked();
  await page.reload();
  await expect(row.getByRole('switch', { name: `${person.fullName} is allowed to pay` })).toBeChecked({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Remove ${person.fullName} as payment user` }).click();
  await page.getByTestId('confirm-remove-payment-user').click();
  await expect(row).toBeHidden();
});

test('a member who may not manage payment users sees the list read-only', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.bakery.alias}/payments/assign-users`);
  await expect(page.getByTestId('read-only-note')).toContainText('Only the company', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByRole('button', { name: 'Add payment user' })).toBeHidden();
  await expect(page.getByRole('switch')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
