import { expect, type Page, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { readStoredSession, signIn, storeSessionInPlainText } from '../support/session';

const companyDetailCall = '**/api/main/company/*';

/** Makes the next company call answer as the server does once an access token has expired. */
async function expireAccessTokenOnNextCompanyCall(page: Page) {
  await page.route(
    companyDetailCall,
    (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          isSuccess: false,
          success: false,
          message: 'Token Expired',
          code: 'ACCESS_TOKEN_EXPIRED',
        }),
      }),
    { times: 1 },
  );
}

function sessionDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Your session has expired' });
}

test('an expired access token asks to continue, and OK renews the session and reloads', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
  const before = await readStoredSession(page);

  await expireAccessTokenOnNextCompanyCall(page);
  await page.reload();
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText(['OK']);

  const refreshReply = page.waitForResponse((response) =>
    response.url().endsWith('/api/account/refresh-token'),
  );
  const reload = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect((await refreshReply).status()).toBe(200);
  await reload;

  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
  await expect(sessionDialog(page)).toBeHidden();
  const after = await readStoredSession(page);
  expect(after?.RefreshToken).toBeTruthy();
  expect(after?.RefreshToken).not.toBe(before?.RefreshToken);
  expect(after?.AccessToken).not.toBe(before?.AccessToken);
});

test('without an answer within 60 seconds the expired session signs out', async ({ page }) => {
  await page.clock.install();
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);

  await expireAccessTokenOnNextCompanyCall(page);
  await page.reload();
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();

  // Time is frozen a moment after the dialog opened, so a slow machine cannot eat into the minute.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5000));
  const countdown = (await dialog.textContent())?.match(/signed out in (\d+) seconds/);
  const secondsLeft = Number(countdown?.[1]);
  expect(secondsLeft).toBeGreaterThan(30);
  await page.clock.runFor((secondsLeft - 5) * 1000);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(6000);

  await expect(page).toHaveURL(/\/login$/);
  expect(await readStoredSession(page)).toBeNull();
});

test('a token the server calls invalid signs the user out', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);

  const session = await readStoredSession(page);
  await storeSessionInPlainText(page, { ...session, AccessToken: 'forged.token.value' });
  const checkReply = page.waitForResponse((response) => response.url().endsWith('/api/account/check-login'));
  await page.reload();

  const reply = await checkReply;
  expect(reply.status()).toBe(401);
  expect((await reply.json()).message).toBe('Invalid Token');
  await expect(page).toHaveURL(/\/login$/);
  expect(await readStoredSession(page)).toBeNull();
});
