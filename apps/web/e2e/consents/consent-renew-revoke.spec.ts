import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  approvedConsent,
  BANK_ROUND_TRIP_MS,
  consentCard,
  consentNow,
  decideConsentAtBank,
  openConsentPage,
} from './helpers';

const company = demoCompanies.bakery;

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
});

test('renewing from the renew address makes a new consent; the old one ends once the bank approves it', async ({
  page,
}) => {
  const old = await approvedConsent(page, company);
  await page.goto(`/${company.alias}/setting/ztl-consent/${old.id}/renew`);
  const dialog = page.getByRole('dialog', { name: 'Renew the consent' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /BIC/ })).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  // A BIC that is not one is refused on the form; the bank's own is used when the field is left empty.
  await dialog.getByRole('textbox', { name: /BIC/ }).fill('NOTABIC');
  await dialog.getByTestId('consent-renew-submit').click();
  await expect(dialog).toContainText('A BIC has 8 or 11 letters and digits');
  await dialog.getByRole('textbox', { name: /BIC/ }).fill('');
  await dialog.getByTestId('consent-renew-submit').click();
  await decideConsentAtBank(page, 'Approve');

  await expect(page.getByRole('heading', { name: 'The bank is connected' })).toBeVisible({
    timeout: BANK_ROUND_TRIP_MS,
  });
  await page.waitForURL(`**/${company.alias}/consent`, { timeout: 10_000 });
  await openConsentPage(page, company);
  await expect(consentCard(page, old.id).getByTestId('consent-status')).toHaveText('Ended');
  const renewal = page
    .locator('[data-testid="consent-card"]')
    .filter({ hasText: `renews consent ${old.id}` });
  await expect(renewal.getByTestId('consent-status')).toHaveText('Valid');
});

test('closing the renew dialog of the renew address leads to the consent page', async ({ page }) => {
  const consent = await approvedConsent(page, company);
  await page.goto(`/${company.alias}/setting/ztl-consent/${consent.id}/renew`);
  await page
    .getByRole('dialog', { name: 'Renew the consent' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/consent`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('revoking a consent ends it at the bank and shows it revoked, with the history', async ({ page }) => {
  const consent = await approvedConsent(page, company);
  await openConsentPage(page, company);
  const card = consentCard(page, consent.id);
  await card.getByTestId('consent-revoke').click();
  await expect(page.getByRole('dialog', { name: 'Revoke the consent?' })).toBeVisible();
  await page.getByTestId('consent-revoke-confirm').click();

  // The product ends it (terminatedByTpp); "revoked at the bank" is for a consent the person ended there.
  await expect(card.getByTestId('consent-status')).toHaveText('Ended');
  await expect(card.getByTestId('consent-revoke')).toHaveCount(0);
  expect((await consentNow(page, company, consent.id)).status).toBe('terminatedByTpp');

  await card.getByTestId('consent-history-open').click();
  const history = page.getByRole('dialog', { name: /History of the consent/ });
  await expect(history.getByTestId('consent-event').first()).toContainText('Revoked');
  expect(await seriousViolations(page)).toEqual([]);
});
