import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { chooseCompany, signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, pngFile, uniqueName, uploadAndWait, uploadItem, voucherRow } from './helpers';

const companyA = demoCompanies.construction;
const companyB = demoCompanies.fishery;

test('an accountant sees each company’s own vouchers only, in Norwegian', async ({ page }) => {
  test.setTimeout(120_000);
  const receipt = pngFile(`${uniqueName('kvittering')}.png`, [200, 40, 40]);

  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.goto(`/${companyA.alias}/`);
  const menu = page.getByRole('navigation', { name: 'Hovedmeny' });
  await menu.getByRole('link', { name: 'Bilag', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bilag', level: 1 })).toBeVisible();
  await expect(page.getByTestId('voucher-statistics')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByRole('button', { name: 'Last opp bilag' })).toBeVisible();

  const [voucherId = 0] = await uploadAndWait(page, [receipt]);
  await expect(uploadItem(page, receipt.name)).toContainText('Lagret.');
  await expect(voucherRow(page, voucherId)).toContainText('Ny');
  await expect(voucherRow(page, voucherId)).toContainText('Ubetalt');

  await page.getByTestId('filter-voucher-id').fill(String(voucherId));
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(page.locator('[data-testid^="voucher-row-"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Bytt firma' }).click();
  await chooseCompany(page, companyB);
  await menu.getByRole('link', { name: 'Bilag', exact: true }).click();
  await expect(page).toHaveURL(`/${companyB.alias}/voucher`);
  await expect(page.getByTestId('voucher-statistics')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(voucherRow(page, voucherId)).toBeHidden();

  await page.getByTestId('filter-voucher-id').fill(String(voucherId));
  await expect(page.getByTestId('voucher-list-empty')).toContainText('Ingen bilag her');
  await page.goto(`/${companyB.alias}/voucher/${voucherId}`);
  await expect(page.getByRole('heading', { name: 'Fant ikke bilaget' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.goto(`/${companyA.alias}/voucher/${voucherId}`);
  await expect(page.getByTestId('voucher-title')).toHaveText(`Bilag ${voucherId}`, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('voucher-image')).toBeVisible();
});
