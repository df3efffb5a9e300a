import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { SANDBOX_URL } from '../support/sandbox';
import { FIRST_LOAD_TIMEOUT_MS, openAdminPage } from './helpers';

/** The job runner polls every second; a report of an empty period is made at once after that. */
const REPORT_READY_TIMEOUT_MS = 30_000;

test('an administrator generates a transaction report, follows it to ready, downloads it and mails it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAdminPage(page, 'EHF reports (admin)', 'admin-ehf-report');
  await expect(page.getByRole('heading', { name: 'EHF reports', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  const form = page.getByRole('form', { name: 'New report' });
  await form.getByText('Transactions', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Transactions' })).toBeChecked();
  await form.getByRole('textbox', { name: 'From', exact: true }).fill('2025-03-31');
  await form.getByRole('textbox', { name: 'To', exact: true }).fill('2025-03-01');
  await expect(form.getByText('The end date must be on or after the start date.')).toBeVisible();
  await form.getByRole('textbox', { name: 'To', exact: true }).fill('2025-03-31');
  await form.getByRole('textbox', { name: 'From', exact: true }).fill('2025-03-01');
  await form.getByRole('button', { name: 'Generate report' }).click();

  const row = page
    .getByTestId(/^ehf-report-/)
    .filter({ hasText: '01.03.2025–31.03.2025' })
    .first();
  await expect(row).toContainText('Transactions');
  await expect(row).toContainText('Ready', { timeout: REPORT_READY_TIMEOUT_MS });
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download ehf-transactions-2025-03-01_2025-03-31.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ehf-transactions-2025-03-01_2025-03-31.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFReceived at;Organisation number;Company;')).toBe(true);

  const address = `ehf-report-${Date.now().toString(36)}@example.no`;
  await row
    .getByRole('button', { name: 'Send ehf-transactions-2025-03-01_2025-03-31.csv by e-mail' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send report by e-mail' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Give the address to send the report to.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(address);

  const caught = (await (
    await fetch(`${SANDBOX_URL}/mail/api/messages?to=${encodeURIComponent(address)}&waitMs=5000`)
  ).json()) as { messages: { id: string }[] };
  expect(caught.messages).toHaveLength(1);
  const mail = (await (await fetch(`${SANDBOX_URL}/mail/api/messages/${caught.messages[0]?.id}`)).json()) as {
    subject: string;
    attachments: { filename: string; contentType: string }[];
  };
  expect(mail.subject).toBe('EHF transaction report 2025-03-01 – 2025-03-31');
  expect(mail.attachments).toMatchObject([
    { filename: 'ehf-transactions-2025-03-01_2025-03-31.csv', contentType: 'text/csv' },
  ]);
});

test('the report page speaks Norwegian and explains each kind', async ({ page }) => {
  test.setTimeout(90_000);
  await openAdminPage(page, 'EHF-rapporter (admin)', 'admin-ehf-report', 'no');
  await expect(page.getByRole('heading', { name: 'EHF-rapporter', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const form = page.getByRole('form', { name: 'Ny rapport' });
  await form.getByText('Sluttbrukere', { exact: true }).click();
  await expect(form.getByText('Firmaene som er registrert for å motta EHF')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Lag rapport' })).toBeEnabled();
});
