import { test } from '@playwright/test';
import { signIn } from '../../e2e/support/session';

test('debug', async ({ page }) => {
  page.on('console', (message) => console.log('console:', message.type(), message.text()));
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  page.on('response', (response) => { if (response.status() >= 400) console.log('http', response.status(), response.url()); });
  await signIn(page, 'ansatt@demo.no');
  await page.evaluate(() => localStorage.setItem('voucherYear', '1999'));
  await page.goto('/nordlys-bakeri/voucher');
  await page.waitForTimeout(4000);
  console.log((await page.locator('main').innerText()).slice(0, 500));
});
