import { expect, test } from '@playwright/test';
import { receiveEhf, sendExampleEhf } from '../inbox/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

const company = demoCompanies.bakery;

test('the open panel shows a new notification as it is written, without a reload, and it opens the arrival', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await receiveEhf(page, company);
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/`);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();

  const documentId = await sendExampleEhf(page, company, 'office-supplies-invoice');
  const notification = panel
    .getByRole('region', { name: 'Today' })
    .getByRole('button', { name: new RegExp(documentId) });
  await expect(notification).toBeVisible();
  await expect(notification).toHaveAttribute('data-unread', 'true');
  await expect(notification).toContainText(/1 new vouchers from /);

  await notification.click();
  await expect(page).toHaveURL(new RegExp(`/${company.alias}/inbox/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('inbox-detail-subject')).toContainText(documentId);
});
