import { expect, type Page, test } from '@playwright/test';
import { authorization, chooseOption, ensureAccount, uniqueAccountNumber } from '../imports/helpers';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { dataOf } from '../support/api';
import { demoCompanies, demoUsers } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';
import { signIn } from '../support/session';

const company = demoCompanies.construction;
const recipient = demoUsers.accountant;
/** The mail is written in the recipient's language, which other tests may change on the shared account. */
const SUBJECT_PATTERN = /bank transactions? (is|are) missing a voucher|banktransaksjon(er)? mangler bilag/;

type CaughtMail = { id: string; subject: string; text: string | null; html: string | null };

/** A transaction of today without a voucher, with a text no other test uses, typed in through the API. */
async function givenMissingTransaction(page: Page, text: string, amountOre: number) {
  const headers = await authorization(page);
  const accountId = await ensureAccount(page, company, uniqueAccountNumber(), `Påminnelse ${text}`);
  const today = new Date().toISOString().slice(0, 10);
  return dataOf<{ Id: number }>(
    await page.request.post('/api/main/transactions/add', {
      headers,
      data: { companyId: company.id, companyBankId: accountId, date: today, text, amountOre },
    }),
  );
}

/** The catcher's mail to the recipient about the company that lists `token`, once it has come. */
async function reminderMailWith(page: Page, token: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect(async () => {
    const list = await dataOfCatcher<{ messages: { id: string }[] }>(
      page,
      `/mail/api/messages?to=${encodeURIComponent(recipient.email)}&subject=${encodeURIComponent(company.name)}&waitMs=2000`,
    );
    for (const summary of list.messages.slice(0, 10)) {
      const mail = await dataOfCatcher<CaughtMail>(page, `/mail/api/messages/${summary.id}`);
      if (mail.text?.includes(token)) found = mail;
    }
    expect(found, `a reminder listing ${token}`).toBeDefined();
  }).toPass({ timeout: 45_000 });
  if (!found) throw new Error('no reminder came');
  return found;
}

async function dataOfCatcher<T>(page: Page, path: string): Promise<T> {
  const reply = await page.request.get(`${SANDBOX_URL}${path}`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as T;
}

test('a reminder set on its page goes out when sent now, listing the transaction with a link that opens it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, demoUsers.admin.email);
  const transaction = await givenMissingTransaction(page, `Kortkjøp ${token}`, -1_234_550);

  await page.goto(`/${company.alias}/admin-users?tab=alerts`);
  await expect(page.getByRole('tab', { name: 'Reminders and alerts', selected: true })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const reminder = page.getByTestId('reminder-settings');
  await expect(reminder.getByTestId('reminder-form')).toBeVisible();
  await reminder.getByRole('radio', { name: 'Every week' }).check({ force: true });
  await chooseOption(page, reminder.getByTestId('reminder-weekday'), 'Friday');
  await chooseOption(page, reminder.getByTestId('reminder-hour'), '09:00');
  await reminder.getByTestId('reminder-min-days').fill('0');
  const recipients = reminder.getByTestId('reminder-recipients');
  const chosen = reminder.locator('.mantine-Pill-root', { hasText: recipient.fullName });
  if ((await chosen.count()) === 0) {
    await recipients.click();
    await page.getByRole('option', { name: recipient.fullName }).click();
    await page.keyboard.press('Escape');
  }
  await expect(chosen).toBeVisible();
  const switchOn = reminder.getByTestId('reminder-active');
  if (!(await switchOn.isChecked())) await switchOn.check({ force: true });
  await reminder.getByTestId('reminder-save').click();
  await expect(page.getByText('The reminder is saved.')).toBeVisible();
  await expect(reminder.getByTestId('reminder-status')).toContainText(
    /Next reminder: Friday \d{2}\.\d{2}\.\d{4} 09:00 \(Norwegian time\)/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await reminder.getByTestId('reminder-send-now').click();
  await expect(
    page.getByText(/The reminder is on its way|A reminder you asked for is already on its way/),
  ).toBeVisible();

  const mail = await reminderMailWith(page, token);
  expect(mail.subject).toContain(company.name);
  expect(mail.subject).toMatch(SUBJECT_PATTERN);
  const line = (mail.text ?? '').split('\n').find((text) => text.includes(`Kortkjøp ${token}`));
  expect(line?.replace(/ +/g, ' ')).toContain(`Kortkjøp ${token} -12\u00a0345,50 NOK`);
  const links = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  const transactionLink = links.find((link) => link.endsWith(`&transaction=${transaction.Id}`));
  expect(transactionLink, links.join('\n')).toBeDefined();
  expect(transactionLink).toContain(`/${company.alias}/bank?year=`);
  expect(transactionLink).toContain('status=1');
  await expect(reminder.getByTestId('reminder-last-sent')).toContainText(/Last sent: \d{2}\.\d{2}\.\d{4}/, {
    timeout: 30_000,
  });

  await page.goto(transactionLink ?? '');
  await expect(page.getByRole('heading', { name: 'Bank transactions', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByRole('dialog')).toContainText(`Kortkjøp ${token}`);
});

test('the voucher alert is set per member, and the page reads in Norwegian', async ({ page }) => {
  await signIn(page, demoUsers.admin.email, { language: 'no' });
  await page.goto(`/${company.alias}/admin-users?tab=alerts`);
  await expect(page.getByRole('tab', { name: 'Påminnelser og varsler', selected: true })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const alert = page.getByTestId('voucher-alert-settings');
  const row = alert.getByTestId('voucher-alert-member').filter({ hasText: recipient.fullName });
  const missing = row.getByRole('checkbox', {
    name: `Varsle ${recipient.fullName} om transaksjoner uten bilag`,
  });
  await missing.check();
  await chooseOption(page, alert.getByTestId('voucher-alert-hour'), '06:00');
  const switchOn = alert.getByTestId('voucher-alert-active');
  if (!(await switchOn.isChecked())) await switchOn.check({ force: true });
  await alert.getByTestId('voucher-alert-save').click();
  await expect(page.getByText('Bilagsvarselet er lagret.')).toBeVisible();
  await expect(alert.getByTestId('voucher-alert-status')).toContainText(
    /Neste varsel: \S+ \d{2}\.\d{2}\.\d{4} 06:00 \(norsk tid\)/,
  );
  await expect(missing).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  const headers = await authorization(page);
  const settings = await dataOf<{ voucherAlert: { hour: number; recipients: { userId: number }[] } }>(
    await page.request.get(`/api/main/companyUsersReminder/settings?companyId=${company.id}`, { headers }),
  );
  expect(settings.voucherAlert.hour).toBe(6);
});
