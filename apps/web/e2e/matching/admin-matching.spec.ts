import { expect, test } from '@playwright/test';
import { authorization, ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { createVoucher, FIRST_LOAD_TIMEOUT_MS, randomOre, uniqueToken } from './helpers';

const company = demoCompanies.bureau;
/** The demo books of the bakery are matched when the server seeds them, so it always has connections. */
const seeded = demoCompanies.bakery;

test('an administrator follows matching quality per company', async ({ page }) => {
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${seeded.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Matching quality (admin)' })
    .click();
  await expect(page).toHaveURL(`/${seeded.alias}/admin-setting/ai-voucher`);
  const bakery = page.getByTestId(`quality-row-${seeded.id}`);
  await expect(bakery).toContainText(seeded.name, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(bakery.getByTestId('automatic-share')).toHaveText(/^\d+%/);
  await expect(page.getByTestId(/^quality-row-/)).not.toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search' }).fill('Nordlys');
  await expect(page).toHaveURL(/[?&]q=Nordlys/);
  await expect(page.getByTestId(/^quality-row-/)).toHaveCount(1);
  await page.mouse.move(800, 30);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an administrator checks the connections and connects a transaction and a voucher by their numbers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const amountOre = randomOre(500, 1500);

  await signIn(page, demoUsers.admin.email);
  const accountId = await ensureAccount(page, company, uniqueAccountNumber(), `Klientkonto ${token}`);
  const added = await page.request.post('/api/main/transactions/add', {
    headers: await authorization(page),
    data: {
      companyId: company.id,
      companyBankId: accountId,
      date: '2026-05-04',
      text: `Overføring ${token}`,
      amountOre: -amountOre,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const transactionId = ((await added.json()) as { data: { Id: number } }).data.Id;
  const voucherId = await createVoucher(page, company, {
    date: '2026-02-01',
    supplierName: `Revisor ${token}`,
    amountOre: amountOre + 12_345,
  });

  await page.goto(`/${company.alias}/admin-setting/ai-voucher-data`);
  await expect(page.getByTestId('connection-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByTestId('data-filter-company').click();
  await page.getByRole('option', { name: seeded.name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]company=${seeded.id}`));
  await expect(page.getByTestId(/^connection-row-/).first()).toContainText(seeded.name);
  await page.getByTestId('data-filter-source').click();
  await page.getByRole('option', { name: 'Automatically' }).click();
  await expect(page.getByTestId(/^connection-row-/).first()).toContainText('Automatically');
  await page.mouse.move(800, 30);
  expect(await seriousViolations(page)).toEqual([]);

  const form = page.getByRole('form', { name: 'Connect across companies' });
  await form.getByTestId('admin-connect-company').click();
  await page.getByRole('option', { name: company.name }).click();
  await form.getByRole('textbox', { name: 'Transaction number' }).fill('999999');
  await form.getByRole('textbox', { name: 'Voucher number' }).fill(String(voucherId));
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByTestId('admin-connect-failed')).toBeVisible();
  await expect(form.getByTestId('admin-connect-failed')).not.toHaveText('');

  await form.getByRole('textbox', { name: 'Transaction number' }).fill(String(transactionId));
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(
    page.getByText(`Transaction ${transactionId} was connected with voucher ${voucherId}.`),
  ).toBeVisible();

  await page.getByTestId('data-filter-company').click();
  await page.getByRole('option', { name: company.name }).click();
  await page.getByTestId('data-filter-source').click();
  await page.getByRole('option', { name: 'By an administrator' }).click();
  const row = page.getByTestId(/^connection-row-/).filter({ hasText: `Overføring ${token}` });
  await expect(row).toContainText(`Revisor ${token}`);
  await expect(row).toContainText('By an administrator');
  await expect(row).toContainText('by Anne Admin');
});

test('the matching admin pages are refused to someone who is not an administrator', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${seeded.alias}/`);
  await expect(page.getByRole('link', { name: 'Matching quality (admin)' })).toBeHidden();
  await page.goto(`/${seeded.alias}/admin-setting/ai-voucher-data`);
  await expect(page).toHaveURL('/unauthorized');
});
