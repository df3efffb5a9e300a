import { connect } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { SANDBOX_URL, SMTP_PORT } from '../support/sandbox';

/**
 * Hands one message to the mail catcher with the few commands SMTP needs, as the product's mail
 * client would, and fails on any reply that is not the one a willing server gives.
 */
async function sendOverSmtp(recipient: string, message: string): Promise<void> {
  const socket = connect(SMTP_PORT, '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  const waiting: ((reply: string) => void)[] = [];
  let buffer = '';
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line[3] === '-') continue;
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else replies.push(line);
    }
  });
  const nextReply = () =>
    new Promise<string>((resolve) => {
      const reply = replies.shift();
      if (reply !== undefined) resolve(reply);
      else waiting.push(resolve);
    });
  const expectReply = async (code: number, sent: string) => {
    const reply = await nextReply();
    if (!reply.startsWith(`${code} `)) throw new Error(`SMTP answered "${reply}" to ${sent}`);
  };
  const command = async (line: string, code: number) => {
    socket.write(`${line}\r\n`);
    await expectReply(code, line);
  };

  try {
    await expectReply(220, 'the connection');
    await command('EHLO e2e.test', 250);
    await command('MAIL FROM:<no-reply@bilag.local>', 250);
    await command(`RCPT TO:<${recipient}>`, 250);
    await command('DATA', 354);
    const stuffed = message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    await command(`${stuffed}\r\n.`, 250);
    await command('QUIT', 221);
  } finally {
    socket.destroy();
  }
}

const base64Lines = (content: string | Buffer) =>
  (Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'))
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');

function mimeMessage(options: { to: string; subject: string; text: string; html: string; pdfName?: string }) {
  const parts = [
    'From: Bilag <no-reply@bilag.local>',
    `To: ${options.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(options.subject, 'utf8').toString('base64')}?=`,
    `Message-ID: <${crypto.randomUUID()}@bilag.local>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed"',
    '',
    '--mixed',
    'Content-Type: multipart/alternative; boundary="alternative"',
    '',
    '--alternative',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(options.text),
    '--alternative',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(options.html),
    '--alternative--',
  ];
  if (options.pdfName) {
    parts.push(
      '--mixed',
      `Content-Type: application/pdf; name="${options.pdfName}"`,
      `Content-Disposition: attachment; filename="${options.pdfName}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines('%PDF-1.4\n%%EOF\n'),
    );
  }
  parts.push('--mixed--', '');
  return parts.join('\r\n');
}

/** Presses Tab until the element has the focus, as a person finding it by keyboard would. */
async function tabTo(page: Page, target: Locator, maxPresses = 15) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a mail sent over SMTP is found and opened by keyboard, with its subject, text and attachment', async ({
  page,
}) => {
  const id = crypto.randomUUID().slice(0, 8);
  const to = `kari.${id}@example.no`;
  const subject = `Påminnelse om faktura ${id} – blåbær`;
  await sendOverSmtp(
    to,
    mimeMessage({
      to,
      subject,
      text: `Hei Kari,\nfaktura ${id} på 1 250,00 kr forfaller i morgen.`,
      html: `<p>Hei Kari, faktura <strong>${id}</strong> forfaller i morgen.</p>`,
      pdfName: `faktura-${id}.pdf`,
    }),
  );

  await page.goto(`${SANDBOX_URL}/mail?lang=en`);
  const recipient = page.getByLabel('Recipient');
  await expect(recipient).toBeFocused();
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]to=kari\./);

  const link = page.getByRole('link', { name: subject });
  await tabTo(page, link);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText(`faktura ${id} på 1 250,00 kr forfaller i morgen.`)).toBeVisible();
  const attachment = page.getByRole('link', { name: `faktura-${id}.pdf` });
  await expect(attachment).toBeVisible();
  const download = page.waitForEvent('download');
  await attachment.click();
  expect((await download).suggestedFilename()).toBe(`faktura-${id}.pdf`);
});

test('a hostile HTML mail runs nothing on the sandbox page', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const id = crypto.randomUUID().slice(0, 8);
  const to = `mallory.${id}@example.no`;
  await sendOverSmtp(
    to,
    mimeMessage({
      to,
      subject: `<img src=x onerror="alert('subject')"> ${id}`,
      text: `<script>alert('text')</script> ${id}`,
      html: `<p>Visible ${id}</p><script>alert('script')</script><img src="x" alt="" onerror="alert('onerror')"><svg onload="alert('svg')"></svg><a href="javascript:alert('link')">link</a><iframe srcdoc="<script>alert('nested')</script>"></iframe>`,
    }),
  );
  const found = await request.get(`${SANDBOX_URL}/mail/api/messages?to=${to}&waitMs=5000`);
  const [message] = (await found.json()).messages as { id: string }[];
  expect(message).toBeDefined();

  await page.goto(`${SANDBOX_URL}/mail/${message?.id}?lang=en`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `<img src=x onerror="alert('subject')"> ${id}`,
  );
  await expect(page.getByText(`<script>alert('text')</script> ${id}`)).toBeVisible();
  const frame = page.locator('iframe[sandbox]');
  await expect(frame).toHaveAttribute('sandbox', /^(?!.*allow-scripts)/);
  await expect(page.frameLocator('iframe[sandbox]').getByText(`Visible ${id}`)).toBeVisible();
  await page.frameLocator('iframe[sandbox]').getByRole('link', { name: 'link' }).click();
  // Give any handler that might fire (image error, load events) the time to do so.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test('the mail pages have no serious accessibility violations, in English and Norwegian', async ({
  page,
}) => {
  const id = crypto.randomUUID().slice(0, 8);
  const to = `ola.${id}@example.no`;
  await sendOverSmtp(
    to,
    mimeMessage({
      to,
      subject: `Kvittering ${id}`,
      text: `Takk for betalingen, ${id}.`,
      html: `<p>Takk for betalingen, ${id}.</p>`,
      pdfName: `kvittering-${id}.pdf`,
    }),
  );

  await page.goto(`${SANDBOX_URL}/mail?lang=en&to=${to}`);
  await expect(page.getByRole('link', { name: `Kvittering ${id}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${SANDBOX_URL}/mail?lang=no&to=${to}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mottatt e-post' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: `Kvittering ${id}` }).click();
  await expect(page.getByRole('link', { name: 'Tilbake til mottatt e-post' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(page.url().replace('lang=no', 'lang=en'));
  await expect(page.getByRole('link', { name: 'Back to the received mail' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
