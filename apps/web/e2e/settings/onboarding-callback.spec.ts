import { expect, test } from '@playwright/test';
import { demoCompanies } from '../support/demo';

/** The return page's way through a real onboarding is in onboarding.spec.ts. */
const company = demoCompanies.fishery;

test('the onboarding return page asks a person who is not signed in to sign in first', async ({ page }) => {
  const url = `/onboarding/callback?companyId=${company.id}`;
  await page.goto(url);
  await expect(page.getByTestId('callback-sign-in')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(url)}`,
  );
});

test('the onboarding return page without a company it can trust is not found', async ({ page }) => {
  for (const url of [
    '/onboarding/callback',
    '/onboarding/callback?companyId=abc',
    '/onboarding/callback?companyId=0',
  ]) {
    await page.goto(url);
    await expect(page.getByTestId('status-code')).toHaveText('404');
    await expect(page.getByTestId('callback-page')).toHaveCount(0);
  }
});
