import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { receiveEhf, sendExampleEhf } from './helpers';

const FIRST_LOAD_TIMEOUT_MS = 20_000;
const company = demoCompanies.bakery;

test('an EHF invoice shows in the open inbox as it arrives, is found, opened, and then read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await receiveEhf(page, company);
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/`);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(`/${company.alias}/inbox`);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByTestId('inbox-count')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });

  // Sent while the page is open: the live stream brings it in without a reload.
  const documentId = await sendExampleEhf(page, company, 'conference-invoice');
  const row = page.getByTestId(/^inbox-row-/).filter({ hasText: documentId });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByTestId('inbox-status')).toHaveText('Voucher made');
  await expect(row.getByTestId('inbox-channel-ehf')).toBeAttached();
  await expect(row.getByRole('link')).toContainText('Fjordhotellet Konferanse AS');
  await expect(row.getByRole('link')).toHaveAccessibleName(/\(unread\)$/);
  // The bell heard of it too.
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();

  await page.getByTestId('inbox-search').fill(documentId);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${documentId}`));
  await expect(page.getByTestId(/^inbox-row-/)).toHaveCount(1);
  const readFilter = page.getByTestId('inbox-read-filter');
  await readFilter.getByText('Read', { exact: true }).click();
  await expect(page.getByTestId('inbox-empty')).toContainText('Nothing matches');
  await readFilter.getByText('Unread', { exact: true }).click();
  await expect(readFilter.getByRole('radio', { name: 'Unread' })).toBeChecked();
  await expect(row).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Opened from the keyboard.
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${company.alias}/inbox/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('inbox-detail-subject')).toContainText(documentId);
  await expect(page.getByTestId('inbox-detail-sender')).toHaveText('Fjordhotellet Konferanse AS');
  const became = page.getByRole('region', { name: 'What it became' });
  const voucherLink = became.getByRole('link', { name: /^Voucher \d+$/ });
  await expect(voucherLink).toBeVisible();
  await expect(became.getByTestId('inbox-detail-ehf-link')).toHaveAttribute(
    'href',
    `/${company.alias}/admin-ehf`,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('inbox-back').click();
  // Still filtered to unread, the opened one has left the list.
  await expect(page.getByTestId(/^inbox-row-/).filter({ hasText: documentId })).toHaveCount(0);
  await readFilter.getByText('All', { exact: true }).click();
  const readRow = page.getByTestId(/^inbox-row-/).filter({ hasText: documentId });
  await expect(readRow).not.toHaveAttribute('data-unread');

  await readRow.getByRole('link').click();
  await voucherLink.click();
  await expect(page).toHaveURL(new RegExp(`/${company.alias}/voucher/\\d+$`));
});

test('an empty inbox says what will come, in Norwegian', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.goto(`/${demoCompanies.fishery.alias}/inbox`);
  await expect(page.getByRole('heading', { name: 'Innboks', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('inbox-empty')).toContainText('Ingenting har kommet inn ennå');
  await expect(page.getByTestId('inbox-mark-all')).toBeDisabled();
  await page.getByTestId('inbox-search').fill('finnes ikke');
  await expect(page.getByTestId('inbox-empty')).toContainText('Ingen treff');
  expect(await seriousViolations(page)).toEqual([]);
});

test('another company’s arrival is not found by its address', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.fishery.alias}/inbox/6f1c2a9e-0b7d-4c55-9e3a-8d2f6b1a7c90`);
  await expect(page.getByText('The arrival was not found in this company’s inbox.')).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.getByTestId('inbox-back').click();
  await expect(page).toHaveURL(`/${demoCompanies.fishery.alias}/inbox`);
});
