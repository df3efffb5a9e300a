import { expect, type Page } from '@playwright/test';
import { dataOf } from '../support/api';
import type { DemoCompany } from '../support/demo';
import { DEMO_PASSWORD } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';
import { signIn, type UiLanguage } from '../support/session';

export const FIRST_LOAD_TIMEOUT_MS = 20_000;

/** An address nobody has used before, so runs against the same server never meet an earlier run's people. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.no`;
}

/** Opens the users of a company as someone already signed in, once the list has come. */
export async function openCompanyUsers(page: Page, company: DemoCompany, query = '') {
  await page.goto(`/${company.alias}/admin-users${query}`);
  await expect(page.getByTestId('company-user-count')).not.toHaveText(' ', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
}

export async function signInToCompanyUsers(
  page: Page,
  email: string,
  company: DemoCompany,
  { language = 'en' }: { language?: UiLanguage } = {},
) {
  await signIn(page, email, { language });
  await openCompanyUsers(page, company);
}

/** The row of one person in the users table, found by their e-mail. */
export function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

/** Signs in for calls of the API, to set up what a test is not about. */
export async function callerFor(page: Page, email: string) {
  const session = await dataOf<{ AccessToken: string }>(
    await page.request.post('/api/account/check-login', { data: { email, password: DEMO_PASSWORD } }),
  );
  return { headers: { Authorization: `Bearer ${session.AccessToken}` } };
}

export type Caller = Awaited<ReturnType<typeof callerFor>>;

/** Invites a new person through the API, as the setting up of a test about something else. */
export async function inviteThroughApi(
  page: Page,
  caller: Caller,
  person: { companyId: number; email: string; fullName: string; roleId: number },
) {
  return dataOf<{ user: { Id: number; Email: string }; outcome: 'added' | 'invited' }>(
    await page.request.post('/api/main/companyUsers', {
      headers: caller.headers,
      data: { ...person, language: 'en' },
    }),
  );
}

type CaughtMail = { id: string; subject: string; text: string | null };

/** The invitation e-mail the sandbox's mail catcher got for the address, once the job has sent it. */
export async function invitationMail(page: Page, email: string): Promise<CaughtMail> {
  let found: { messages: { id: string }[] } = { messages: [] };
  await expect(async () => {
    const reply = await page.request.get(
      `${SANDBOX_URL}/mail/api/messages?to=${encodeURIComponent(email)}&waitMs=10000`,
    );
    found = (await reply.json()) as typeof found;
    expect(found.messages.length).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  const [message] = found.messages;
  return (await (
    await page.request.get(`${SANDBOX_URL}/mail/api/messages/${message?.id}`)
  ).json()) as CaughtMail;
}

/** The path and secret of the link in an invitation e-mail: `/invitation#<token>`. */
export function invitationPath(mail: CaughtMail): string {
  const link = mail.text?.match(/https?:\/\/\S+?(\/invitation#[A-Za-z0-9_-]{43})/);
  if (!link?.[1]) throw new Error(`No invitation link in the mail: ${mail.text}`);
  return link[1];
}
