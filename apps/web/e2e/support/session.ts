import type { LoginReply } from '@bilag/contracts';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoCompany } from './demo';

export type UiLanguage = 'en' | 'no';

const signInTexts = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in' },
  no: { email: 'E-post', password: 'Passord', submit: 'Logg inn' },
} as const;

const languageNames = { en: 'English', no: 'Norsk' } as const;

/** Picks a language from the language menu, whichever language the page shows now. */
export async function pickLanguage(page: Page, language: UiLanguage) {
  await page.getByRole('button', { name: /^(Change language|Bytt språk)/ }).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  // The menu fades out after the pick; what follows (an accessibility check, say) is about the page.
  await expect(page.getByRole('menu')).toBeHidden();
}

export async function fillSignInForm(
  page: Page,
  email: string,
  password: string,
  language: UiLanguage = 'en',
) {
  const texts = signInTexts[language];
  await page.getByRole('textbox', { name: texts.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: texts.password, exact: true }).fill(password);
}

/**
 * Signs in through the API and stores the session and the interface language, for tests whose subject
 * is not signing in. The session is stored in plain text, as versions of the app before the encrypted
 * record kept it; the app encrypts it on the first page it opens. The page is left on the site's icon:
 * go to the screen the test is about next.
 */
export async function signIn(page: Page, email: string, { language = 'en' }: { language?: UiLanguage } = {}) {
  const reply = await page.request.post('/api/account/check-login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { AccessToken, RefreshToken, RoleId, User } = ((await reply.json()) as LoginReply).data;
  // Local storage belongs to the site, so a page of it must be open to write there.
  await page.goto('/favicon.svg');
  await storeSessionInPlainText(page, { AccessToken, RefreshToken, RoleId, User });
  await page.evaluate((chosen) => localStorage.setItem('bilag.language', chosen), language);
}

/**
 * Signs in through the form. The language is always picked first, so the interface language does not
 * depend on what an earlier test saved on the shared demo account.
 */
export async function signInThroughForm(
  page: Page,
  email: string,
  { language = 'en' }: { language?: UiLanguage } = {},
) {
  await page.goto('/login');
  await pickLanguage(page, language);
  await fillSignInForm(page, email, DEMO_PASSWORD, language);
  await page.getByRole('button', { name: signInTexts[language].submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export function companyDialog(page: Page) {
  return page.getByRole('dialog', { name: /Choose company|Velg firma/ });
}

export async function chooseCompany(page: Page, company: DemoCompany) {
  await companyDialog(page)
    .getByRole('button', { name: new RegExp(company.name) })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/`);
}

const SESSION_STORAGE_KEY = 'bilag.session';

/**
 * The session stored in the page's local storage, opened the way the app opens it: with this browser
 * profile's key from IndexedDB (see src/app/session/session.crypto.ts). A record still in plain text
 * (stored by `signIn`, before the app has encrypted it) is read as it is.
 */
export async function readStoredSession(
  page: Page,
): Promise<{ AccessToken: string; RefreshToken: string } | null> {
  return page.evaluate(async (storageKey) => {
    const stored = localStorage.getItem(storageKey);
    if (stored === null) return null;
    if (!stored.startsWith('aes-gcm.v1.')) return JSON.parse(stored);
    const [iv = '', sealed = ''] = stored.slice('aes-gcm.v1.'.length).split('.');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('bilag.keys');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const key = await new Promise<CryptoKey>((resolve, reject) => {
      const reading = database.transaction('keys').objectStore('keys').get('session');
      reading.onsuccess = () => resolve(reading.result);
      reading.onerror = () => reject(reading.error);
    });
    database.close();
    const bytes = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(iv) }, key, bytes(sealed));
    return JSON.parse(new TextDecoder().decode(opened));
  }, SESSION_STORAGE_KEY);
}

/** Stores a session in plain text, as an earlier version of the app did; the app takes it over on its next page. */
export async function storeSessionInPlainText(page: Page, session: object) {
  await page.evaluate(({ storageKey, record }) => localStorage.setItem(storageKey, record), {
    storageKey: SESSION_STORAGE_KEY,
    record: JSON.stringify(session),
  });
}
