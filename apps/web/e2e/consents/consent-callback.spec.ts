import { expect, test } from '@playwright/test';

test('a return from the bank without status or instruction is rejected at once and never asks the server', async ({
  page,
}) => {
  let asked = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/consent/sca-')) asked = true;
  });
  await page.goto('/consent/sca-callback?pathname=/login');
  await expect(page.getByRole('heading', { name: 'The bank was not connected' })).toBeVisible();
  await expect(page.getByTestId('result-label')).toHaveText('Rejected');
  await expect(page.getByTestId('consent-sca-countdown')).toContainText('Going on in');
  await page.waitForURL('**/login', { timeout: 10_000 });
  expect(asked).toBe(false);
});

test('an unknown instruction is rejected with the server’s reason, and another site is never the way on', async ({
  page,
}) => {
  await page.goto(
    '/consent/sca-callback?status=success&instructionId=unknown-instruction-0001&redirect-url=https://example.com/x',
  );
  await expect(page.getByRole('heading', { name: 'The bank was not connected' })).toBeVisible();
  await expect(page.getByTestId('callback-error')).toContainText('unknown or has already been used');
  await expect(page.getByTestId('consent-sca-onward')).toHaveAttribute('href', '/');
});
