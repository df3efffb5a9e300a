import { expect, test } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS, signInForCalls } from '../payments/helpers';
import { onboardingNow, signAtProvider, startOnboarding } from '../settings/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

/** No other spec onboards the construction company or tells its people anything. */
const company = demoCompanies.construction;
const ONBOARDED_TITLE = 'Onboarding with the payment service: signed';

test('the bell counts what is unread; a notification opens where it points, and all can be marked read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An onboarding that ends tells everyone in the company: the administrator onboards the company.
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const started = await startOnboarding(page, admin.headers, company);
  expect(started.status).toBe('pending');
  await signAtProvider(page, started.signUrl ?? '');
  expect((await onboardingNow(page, admin.headers, company)).status).toBe('success');

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/`);
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByTestId('notification-count')).toContainText('1');

  // The bell is reached and opened with the keyboard.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const today = panel.getByRole('region', { name: 'Today' });
  const notification = today.getByRole('button', { name: new RegExp(ONBOARDED_TITLE) });
  await expect(notification).toContainText('See the settings page for what is next.');
  await expect(notification).toHaveAttribute('data-unread', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await notification.click();
  await expect(page).toHaveURL(`/${company.alias}/setting`);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('onboarding-state')).toHaveAttribute('data-status', /^(success|completed)$/);

  // The administrator was told too, and marks everything read at once.
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${company.alias}/`);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const adminNotification = panel.getByRole('button', { name: new RegExp(ONBOARDED_TITLE) });
  await expect(adminNotification).toHaveAttribute('data-unread', 'true');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(adminNotification).not.toHaveAttribute('data-unread');
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('with no notifications, the panel says what it will tell', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  // Nothing in the fishery's specs ends a consent or an onboarding.
  await page.goto(`/${demoCompanies.fishery.alias}/`);
  await page.getByRole('button', { name: 'Varsler', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Varsler' });
  await expect(panel.getByTestId('notifications-empty')).toContainText('Ingen varsler');
  await expect(panel.getByRole('button', { name: 'Merk alle som lest' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Varsler', exact: true })).toBeFocused();
});
