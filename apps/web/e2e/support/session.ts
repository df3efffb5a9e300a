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
 * Signs in through the API and stores the session and the interface language as the sign-in page
 * does, for tests whose subject is not signing in. The page is left on the site's icon: go to the
 * screen the test is about next.
 */
export async function signIn(page: Page, email: string, { language = 'en' }: { language?: UiLanguage } = {}) {
  const reply = await page.request.post('/api/account/check-login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { AccessToken, RefreshToken, RoleId, User } = ((await reply.json()) as LoginReply).data;
  // Local storage belongs to the site, so a page of it must be open to write there.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ session, language }) => {
      localStorage.setItem('bilag.session', session);
      localStorage.setItem('bilag.language', language);
    },
    { session: JSON.stringify({ AccessToken, RefreshToken, RoleId, User }), language },
  );
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

export async function readStoredSession(
  page: Page,
): Promise<{ AccessToken: string; RefreshToken: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('bilag.session');
    return raw ? JSON.parse(raw) : null;
  });
}
