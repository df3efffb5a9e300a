import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  currentMonthInNorway,
  currentYearInNorway,
  FIRST_LOAD_TIMEOUT_MS,
  openVoucherList,
  pdfFile,
  pngFile,
  statisticsCount,
  uniqueName,
  uploadAndWait,
  uploadItem,
  uploadVouchers,
  voucherRow,
} from './helpers';

const company = demoCompanies.bakery;

test('staff upload two receipts, edit one, find it with the filters and delete both', async ({ page }) => {
  test.setTimeout(120_000);
  const supplier = uniqueName('Posten Norge');
  const receipt = pngFile(`${uniqueName('kvittering')}.png`);
  const invoice = pdfFile(`${uniqueName('faktura')}.pdf`);
  const fake = {
    name: `${uniqueName('not-an-image')}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from('plain text'),
  };
  const month = currentMonthInNorway();
  const editedMonth = month === 1 ? 2 : 1;
  const year = currentYearInNorway();

  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Vouchers', exact: true })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/voucher`);
  await expect(page.getByTestId('voucher-statistics')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const totalBefore = await statisticsCount(page, 0);
  const monthBefore = await statisticsCount(page, month);

  await uploadVouchers(page, [fake]);
  await expect(uploadItem(page, fake.name)).toHaveAttribute('data-state', 'failed');
  await expect(uploadItem(page, fake.name).getByRole('alert')).toContainText('jpg, png, pdf');
  const [receiptId = 0, invoiceId = 0] = await uploadAndWait(page, [receipt, invoice]);

  await expect(voucherRow(page, receiptId)).toBeVisible();
  await expect(voucherRow(page, invoiceId)).toBeVisible();
  await expect.soft(voucherRow(page, receiptId).getByTestId('file-count')).toBeHidden();
  await expect.poll(() => statisticsCount(page, 0)).toBe(totalBefore + 2);
  await expect.poll(() => statisticsCount(page, month)).toBe(monthBefore + 2);

  await voucherRow(page, receiptId).click();
  await expect(page).toHaveURL(`/${company.alias}/voucher/${receiptId}`);
  const image = page.getByTestId('voucher-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(180);

  await page.getByTestId('field-date').fill(`15${String(editedMonth).padStart(2, '0')}`);
  await page.getByTestId('field-amount').fill('3.000');
  await page.getByTestId('field-amount').blur();
  await expect(page.getByText('This amount can be read two ways')).toBeVisible();
  await page.getByTestId('field-amount').fill('1 234,50');
  await page.getByTestId('field-account-number').fill('86011117948');
  await page.getByTestId('field-account-number').blur();
  await expect(page.getByText('The check digit of this account number is wrong')).toBeVisible();
  await page.getByTestId('field-account-number').fill('86011117947');
  await page.getByTestId('field-kid').fill('1234567897');
  await page.getByTestId('field-labels').fill('porto');
  await page.getByTestId('field-labels').press('Enter');
  await page.getByTestId('field-paid').check({ force: true });
  await page.getByTestId('field-supplier').fill(supplier);
  await page.getByTestId('field-supplier').press('Enter');

  await expect(page.getByText('The voucher was saved.')).toBeVisible();
  await expect(page.getByTestId('field-date')).toHaveValue(
    `15.${String(editedMonth).padStart(2, '0')}.${year}`,
  );
  await expect(page.getByTestId('field-account-number')).toHaveValue('8601.11.17947');
  const latestChange = page.getByTestId('history-entry').first();
  await expect(latestChange).toContainText('Changed');
  await expect(latestChange).toContainText(`Supplier: — → ${supplier}`);
  await expect(latestChange).toContainText('Amount: — → 1 234,50');

  await page.getByTestId('balance-amount').fill('234,50');
  await page.getByTestId('balance-add').click();
  await expect(page.getByTestId('balance-rest')).toContainText('1 000,00 NOK');
  await expect(page.getByTestId('history-entry').first()).toContainText('Part added');
  await page.getByRole('button', { name: 'Remove part' }).click();
  await expect(page.getByTestId('balance-rest')).toContainText('1 234,50 NOK');

  await page.getByRole('link', { name: 'Back to vouchers' }).click();
  const row = voucherRow(page, receiptId);
  await expect(row).toContainText(supplier);
  await expect(row).toContainText('1 234,50 NOK');
  await expect(row).toContainText(`15.${String(editedMonth).padStart(2, '0')}.${year}`);
  await expect(row).toContainText('porto');
  await expect(row).toContainText('Paid');
  await expect.poll(() => statisticsCount(page, editedMonth)).toBeGreaterThan(0);

  await page.getByTestId('filter-keyword').fill(supplier);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.locator('[data-testid^="voucher-row-"]')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('filter-keyword')).toHaveValue(supplier);
  await expect(page.locator('[data-testid^="voucher-row-"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByTestId(`statistics-month-${editedMonth}`).click();
  await expect(page.getByTestId(`statistics-month-${editedMonth}`)).toHaveAttribute('aria-pressed', 'true');
  // Named by what it shows, then what it counts: speech input and a screen reader agree (WCAG 2.5.3).
  await expect(page.getByTestId(`statistics-month-${editedMonth}`)).toHaveAccessibleName(
    /^[1-9]\d* \p{L}+ \([1-9]\d* vouchers?\)$/u,
  );
  await expect(page.getByTestId('statistics-total')).toHaveAccessibleName(
    /^[1-9]\d* Whole year \(\d+ vouchers?\)$/,
  );
  await expect(voucherRow(page, receiptId)).toBeVisible();
  await expect(voucherRow(page, invoiceId)).toBeHidden();
  await page.getByTestId('statistics-total').click();
  await expect(voucherRow(page, invoiceId)).toBeVisible();

  await voucherRow(page, receiptId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete 1 voucher' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(voucherRow(page, receiptId)).toBeHidden();

  await voucherRow(page, invoiceId).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${company.alias}/voucher/${invoiceId}`);
  await expect(page.getByTestId('voucher-preview')).toBeVisible();
  await page.getByTestId('delete-voucher').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(`/${company.alias}/voucher`);
  await expect(voucherRow(page, invoiceId)).toBeHidden();
  await expect.poll(() => statisticsCount(page, 0)).toBe(totalBefore);

  await page.goto(`/${company.alias}/voucher/${invoiceId}`);
  await expect(page.getByRole('heading', { name: 'Voucher not found' })).toBeVisible();
});

test('the year shown is the stored year when the company has vouchers that year, else the newest', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, demoUsers.ceo.email);
  await page.evaluate(() => localStorage.setItem('voucherYear', '1999'));
  await openVoucherList(page, company.alias);
  await expect(page.getByTestId('voucher-year')).toHaveValue(String(currentYearInNorway()));

  await page.route('**/api/main/voucher/years?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.reload();
  await expect(page.getByTestId('years-failed')).toContainText('Failed to fetch years data', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});
