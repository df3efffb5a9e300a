import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { authorization } from '../imports/helpers';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { openSettings } from '../settings/helpers';
import { seriousViolations } from '../support/accessibility';
import { dataOf } from '../support/api';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

/** The product's own SMTP listener, which server.mjs starts beside the product. */
const MAIL_INTAKE_PORT = Number(
  process.env.E2E_MAIL_INTAKE_PORT ?? Number(process.env.E2E_PORT ?? '3210') + 3,
);
const company = demoCompanies.bakery;
const ADDRESS = `${company.alias}@inbox.bilag.local`;
/** A 1×1 red PNG: a receipt photo as small as one gets. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

test('a receipt forwarded by e-mail shows in /admin-email and becomes a voucher', async ({ page }) => {
  test.setTimeout(90_000);
  const subject = `Lunsj med kunde ${Date.now()}`;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: MAIL_INTAKE_PORT,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: demoUsers.accountant.email,
    to: ADDRESS,
    subject,
    text: 'Kvittering fra lunsj på Bakgården.',
    attachments: [
      {
        filename: `kvittering-${Date.now()}.png`,
        content: Buffer.concat([RECEIPT_PNG, Buffer.from(subject)]),
      },
    ],
  });

  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${company.alias}/admin-email`);
  await expect(page.getByRole('heading', { name: 'E-mail', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('mail-address').filter({ hasText: ADDRESS })).toBeVisible();
  const arrival = page.getByTestId('mail-arrival').filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(arrival).toContainText('Voucher made', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(arrival).toContainText(demoUsers.accountant.email);
  expect(await seriousViolations(page)).toEqual([]);

  const headers = await authorization(page);
  const forwarded = await dataOf<{ rows: { Id: number; Description: string | null }[] }>(
    await page.request.get(`/api/main/voucher/getForwardedVoucher?companyId=${company.id}`, { headers }),
  );
  const voucher = forwarded.rows.find((row) => row.Description === subject);
  expect(voucher).toBeDefined();
  await page.goto(`/${company.alias}/voucher/${voucher?.Id}`);
  await expect(page.getByTestId('field-description')).toHaveValue(subject, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});

test('mail to an address that is no company’s is bounced and listed as refused', async ({ page }) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: MAIL_INTAKE_PORT,
    ignoreTLS: true,
  });
  const recipient = `nobody-${Date.now()}@inbox.bilag.local`;
  await expect(
    transport.sendMail({ from: 'someone@example.no', to: recipient, subject: 'x', text: 'x' }),
  ).rejects.toMatchObject({
    responseCode: 550,
  });
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${company.alias}/admin-email`);
  await expect(page.getByTestId('mail-refusal').filter({ hasText: recipient })).toContainText('Bounced 550', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});

test('the forwarding page shows the listener answering on the mail domain', async ({ page }) => {
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${company.alias}/admin-email/forwarding`);
  await expect(page.getByTestId('listener-state')).toHaveText('Listening', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByTestId('mail-domain')).toHaveText('@inbox.bilag.local');
  await expect(page.getByTestId('forwarding-day')).toHaveCount(14);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the settings show the company’s e-mail address with a button that copies it', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await openSettings(page, company);
  const step = page.getByTestId('settings-step-emailAddress');
  await expect(step.getByTestId('step-state')).toHaveText('Done');
  await expect(step.getByTestId('company-email-address')).toHaveText(ADDRESS);
  await expect(step.getByRole('button', { name: 'Copy the address' })).toBeVisible();
});

test('a mail from an unknown sender waits in the inbox until someone accepts it, then becomes a voucher', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const subject = `Faktura fra ny leverandør ${Date.now()}`;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: MAIL_INTAKE_PORT,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: `Ny Leverandør <faktura-${Date.now()}@ny-leverandor.example>`,
    to: ADDRESS,
    subject,
    text: 'Vedlagt er fakturaen.',
    attachments: [{ filename: 'faktura.png', content: Buffer.concat([RECEIPT_PNG, Buffer.from(subject)]) }],
  });

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/inbox`);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Waits for review', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await row.click();

  const review = page.getByTestId('mail-review');
  await expect(review).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await seriousViolations(page)).toEqual([]);
  await review.getByRole('button', { name: 'Accept and make vouchers' }).click();
  await expect(page.getByText('Accepted. The vouchers are being made.')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: /^Voucher/ }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('mail-review')).toHaveCount(0);
});
