import { expect, test } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

test.beforeEach(async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
});

test('a signing return page for a basket that does not exist, an unknown action or no basket is not found', async ({
  page,
}) => {
  for (const url of [
    `/sign-next?action=payment-auth&basketUUID=${crypto.randomUUID()}`,
    '/sign-next?action=other',
    '/sign-cancel?action=payment-auth',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(page.getByTestId('status-code')).toHaveText('404');
  }
});

test('back from a cancellation the bank did not confirm, nothing is recorded and the person goes on to the payment list', async ({
  page,
}) => {
  const company = demoCompanies.bakery;
  const recorded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ztl/cancel/')) recorded.push(request.url());
  });
  await page.goto(
    `/ztl-payment/cancel-callback?flowId=${crypto.randomUUID()}&paymentId=91&status=failed&alias=${company.alias}`,
  );
  await expect(page.getByRole('heading', { name: 'Nothing was cancelled' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.waitForURL(`/${company.alias}/payments/payment-list**`, { timeout: 10_000 });
  expect(recorded).toEqual([]);
});
