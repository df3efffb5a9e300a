import { expect, test } from '@playwright/test';
import { pickLanguage } from '../support/session';

test('a return page opens without signing in: a consent return without its instruction is rejected at once', async ({
  page,
}) => {
  await page.goto('/consent/sca-callback');
  await expect(page.getByTestId('result-label')).toHaveText('Rejected');
  await expect(page.getByRole('heading', { name: 'The bank was not connected' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/consent/sca-callback');

  await page.goto('/login');
  await pickLanguage(page, 'no');
  await page.goto('/consent/sca-callback?status=success');
  await expect(page.getByTestId('result-label')).toHaveText('Avvist');
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
