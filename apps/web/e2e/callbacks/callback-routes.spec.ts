import { expect, test } from '@playwright/test';
import { pickLanguage } from '../support/session';

/**
 * The return pages whose flows come with later features (spec §2); the payment and signing returns have
 * their flows and are tested with them in e2e/signing.
 */
const returns = [
  { url: '/consent/sca-callback?status=success&instructionId=4711', title: 'Back from the bank: consent' },
  { url: '/onboarding/callback?companyId=1', title: 'Back from onboarding' },
] as const;

test('a return page from an outside party opens without signing in and claims no result', async ({
  page,
}) => {
  for (const { url, title } of returns) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('callback-page')).toContainText(
      'This return page will complete the flow once that part of Bilag is in place.',
    );
    await expect(page.getByTestId('callback-page')).toContainText(
      'Nothing has been approved, paid or changed',
    );
    expect(page.url()).toContain(url);
  }

  await page.goto('/login');
  await pickLanguage(page, 'no');
  await page.goto(returns[0].url);
  await expect(page.getByRole('heading', { name: 'Tilbake fra banken: samtykke' })).toBeVisible();
  await expect(page.getByTestId('callback-page')).toContainText('Ingenting er godkjent, betalt eller endret');
});

test('return pages match exactly: another path or an unknown signing action is not found', async ({
  page,
}) => {
  for (const url of [
    '/consent/sca-callback/extra',
    '/onboarding/callback/1',
    '/sign-next?action=something-else',
    '/sign-cancel',
  ]) {
    await page.goto(url);
    await expect(page.getByTestId('status-code')).toHaveText('404');
    await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible();
    await expect(page.getByTestId('callback-page')).toHaveCount(0);
  }
});
