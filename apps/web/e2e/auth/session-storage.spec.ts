import { expect, type Page, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { readStoredSession, signIn, signInThroughForm } from '../support/session';

const bakery = demoCompanies.bakery;

function rawStoredSession(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('bilag.session'));
}

async function openBakery(page: Page) {
  await page.goto(`/${bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(bakery.name);
}

test('the signed-in record is stored encrypted, under a key the page may use but not read', async ({
  page,
}) => {
  await signInThroughForm(page, demoUsers.ceo.email);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(bakery.name);

  const raw = (await rawStoredSession(page)) ?? '';
  const session = await readStoredSession(page);
  expect(session?.AccessToken).toBeTruthy();
  expect(raw).not.toContain(session?.AccessToken);
  expect(raw).not.toContain(session?.RefreshToken);
  expect(raw).not.toContain('RoleId');
  expect(raw).toMatch(/^aes-gcm\.v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);

  const key = await page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('bilag.keys');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const stored = await new Promise<CryptoKey>((resolve, reject) => {
      const reading = database.transaction('keys').objectStore('keys').get('session');
      reading.onsuccess = () => resolve(reading.result);
      reading.onerror = () => reject(reading.error);
    });
    database.close();
    const exported = await crypto.subtle.exportKey('raw', stored).then(
      () => 'exported',
      (error: Error) => error.name,
    );
    return { algorithm: stored.algorithm.name, isExtractable: stored.extractable, exported };
  });
  expect(key).toEqual({ algorithm: 'AES-GCM', isExtractable: false, exported: 'InvalidAccessError' });
});

test('a record kept in plain text by an earlier version is taken over and encrypted, so nobody is signed out', async ({
  page,
}) => {
  await signIn(page, demoUsers.ceo.email);
  expect(JSON.parse((await rawStoredSession(page)) ?? 'null')).toHaveProperty('AccessToken');

  await openBakery(page);

  await expect.poll(() => rawStoredSession(page)).toMatch(/^aes-gcm\.v1\./);
  await page.reload();
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(bakery.name);
});

test('a copy of the stored record cannot be opened in another browser profile', async ({ page, browser }) => {
  await signInThroughForm(page, demoUsers.ceo.email);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(bakery.name);
  const copied = await rawStoredSession(page);
  expect(copied).toMatch(/^aes-gcm\.v1\./);

  const otherProfile = await browser.newContext();
  try {
    const other = await otherProfile.newPage();
    await other.goto('/favicon.svg');
    await other.evaluate((record) => localStorage.setItem('bilag.session', record ?? ''), copied);
    await other.goto(`/${bakery.alias}/`);

    await expect(other).toHaveURL(`/login?next=${encodeURIComponent(`/${bakery.alias}/`)}`);
    expect(await rawStoredSession(other)).toBeNull();
  } finally {
    await otherProfile.close();
  }
});

test('tabs follow each other through the encrypted record: signing in, a renewed session and signing out', async ({
  context,
}) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/login');

  await signInThroughForm(first, demoUsers.ceo.email);
  await expect(second).not.toHaveURL(/\/login/);
  await expect(second.getByTestId('dashboard-company-name')).toHaveText(bakery.name);

  await first.route(
    '**/api/main/company/*',
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
  await first.reload();
  const reload = first.waitForEvent('load');
  await first
    .getByRole('dialog', { name: 'Your session has expired' })
    .getByRole('button', { name: 'OK' })
    .click();
  await reload;
  await expect(first.getByTestId('dashboard-company-name')).toHaveText(bakery.name);
  const renewed = await readStoredSession(first);

  const nextCall = second.waitForRequest((request) => request.url().includes('/api/main/voucher/'));
  await second
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Vouchers', exact: true })
    .click();
  expect((await nextCall).headers().authorization).toBe(`Bearer ${renewed?.AccessToken}`);

  await first.getByRole('button', { name: `${demoUsers.ceo.fullName} (user menu)` }).click();
  await first.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});
