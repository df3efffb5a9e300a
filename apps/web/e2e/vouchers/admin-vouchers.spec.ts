import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  FIRST_LOAD_TIMEOUT_MS,
  openVoucherList,
  pdfFile,
  uniqueName,
  uploadAndWait,
  voucherRow,
} from './helpers';

const company = demoCompanies.bureau;

test('an administrator finds a deleted voucher of any company with the include-deleted switch', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const supplier = uniqueName('Slettet Leverandør');
  const invoice = pdfFile(`${uniqueName('faktura')}.pdf`);

  await signIn(page, demoUsers.admin.email);
  await openVoucherList(page, company.alias);
  const [voucherId = 0] = await uploadAndWait(page, [invoice]);
  await voucherRow(page, voucherId).click();
  await page.getByTestId('field-supplier').fill(supplier);
  await page.getByTestId('field-supplier').press('Enter');
  await expect(page.getByText('The voucher was saved.')).toBeVisible();
  await page.getByTestId('delete-voucher').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(`/${company.alias}/voucher`);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'All vouchers (admin)' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/admin-voucher`);
  // The filters take their values from the first answer; a word typed before it would be replaced.
  await expect(page.getByTestId('admin-voucher-count')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByTestId('filter-keyword').fill(supplier);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('admin-voucher-count')).toHaveText('0 vouchers', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.getByRole('switch', { name: 'Include deleted' }).click();
  await expect(page).toHaveURL(/deleted=1/);
  const row = page.getByTestId(`admin-voucher-row-${voucherId}`);
  await expect(row).toContainText(company.name);
  await expect(row).toContainText(supplier);
  await expect(row).toContainText('Deleted');
  await expect(page.getByTestId('admin-voucher-count')).toHaveText('1 voucher');
});

test('a user without the administrator role is refused the admin voucher list', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vouchers', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'All vouchers (admin)' })).toBeHidden();

  await page.goto(`/${demoCompanies.bakery.alias}/admin-voucher`);
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByTestId('status-code')).toHaveText('401');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
});
