import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { createClock } from '../platform/clock';
import { DEFAULT_CREDENTIALS, type SandboxContext } from '../platform/context';
import { createStore } from '../platform/store';
import { createWebhookSender } from '../platform/webhooks';
import { MAX_MESSAGES, mailboxOf, type StoredMail } from './mailbox';
import { decodeHeaderValue } from './receive';
import { MAX_MESSAGE_BYTES, SLOW_ANSWER_MS } from './smtp';

type SmtpReply = { code: number; text: string };

/** A plain SMTP conversation over a socket, so the tests see the catcher's very reply codes. */
async function openSmtp(port: number) {
  const socket = connect(port, '127.0.0.1');
  const replies: SmtpReply[] = [];
  const waiting: ((reply: SmtpReply) => void)[] = [];
  let buffer = '';
  let lines: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      lines.push(line.slice(4));
      // "250-…" continues a reply, "250 …" ends it.
      if (line[3] === '-') continue;
      const reply = { code: Number(line.slice(0, 3)), text: lines.join('\n') };
      lines = [];
      const waiter = waiting.shift();
      if (waiter) waiter(reply);
      else replies.push(reply);
    }
  });
  const next = () =>
    new Promise<SmtpReply>((resolve) => {
      const reply = replies.shift();
      if (reply) resolve(reply);
      else waiting.push(resolve);
    });
  const greeting = await next();
  return {
    greeting,
    command(line: string) {
      socket.write(`${line}\r\n`);
      return next();
    },
    /** DATA, the message with its lines dot-stuffed, and the final dot. */
    async data(message: string | Buffer) {
      const start = await this.command('DATA');
      if (start.code !== 354) return start;
      const text = Buffer.isBuffer(message) ? message.toString('latin1') : message;
      const stuffed = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
      socket.write(Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1'));
      return next();
    },
    close() {
      socket.end('QUIT\r\n');
    },
  };
}

/** One whole delivery; answers the reply of each step. */
async function deliver(port: number, recipients: string[], message: string, login?: string) {
  const smtp = await openSmtp(port);
  try {
    const hello = await smtp.command('EHLO test.local');
    const auth = login
      ? await smtp.command(`AUTH PLAIN ${Buffer.from(`\0${login}\0secret`).toString('base64')}`)
      : undefined;
    const mailFrom = await smtp.command('MAIL FROM:<bilag@bilag.local>');
    const rcpts: SmtpReply[] = [];
    for (const recipient of recipients) rcpts.push(await smtp.command(`RCPT TO:<${recipient}>`));
    const data = rcpts.some((reply) => reply.code === 250) ? await smtp.data(message) : undefined;
    return { hello, auth, mailFrom, rcpts, data };
  } finally {
    smtp.close();
  }
}

const utf8Word = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const PDF_BYTES = Buffer.from('%PDF-1.4\n% faktura\n%%EOF\n');

function invoiceMail(to: string, messageId = `<${crypto.randomUUID()}@bilag.local>`) {
  return [
    'From: Bilag <bilag@bilag.local>',
    `To: Kari Nordmann <${to}>`,
    'Cc: regnskap@example.no',
    `Subject: ${utf8Word('Påminnelse: faktura 1042 forfaller – blåbær')}`,
    'Date: Mon, 02 Mar 2026 09:30:00 +0100',
    `Message-ID: ${messageId}`,
    'X-Bilag-Reminder: 1042',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(
      'Hei Kari,\n\nfakturaen på 1 250,00 kr forfaller i morgen.\n.\nHilsen Bilag',
      'utf8',
    ).toString('base64'),
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(
      '<p>Hei Kari,</p><p>fakturaen på <b>1 250,00 kr</b> forfaller i morgen.</p>',
      'utf8',
    ).toString('base64'),
    '--inner--',
    '--outer',
    'Content-Type: application/pdf; name="faktura-1042.pdf"',
    'Content-Disposition: attachment; filename="faktura-1042.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF_BYTES.toString('base64'),
    '--outer--',
    '',
  ].join('\r\n');
}

const simpleMail = (to: string, subject: string, extraHeaders: string[] = [], body = 'Hei') =>
  [
    'From: bilag@bilag.local',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${crypto.randomUUID()}@bilag.local>`,
    ...extraHeaders,
    '',
    body,
    '',
  ].join('\r\n');

describe('the mail catcher', () => {
  let app: Sandbox;
  let port: number;
  beforeAll(async () => {
    app = await buildSandbox();
    port = await app.mailCatcher.listen(0);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.inject({ method: 'DELETE', url: '/mail/api/messages' });
  });

  const list = async (query: string) =>
    (await app.inject({ method: 'GET', url: `/mail/api/messages?${query}` })).json();

  it('keeps a message with text, HTML and an attachment, and gives each back exactly', async () => {
    const raw = invoiceMail('kari@example.no', '<reminder-1042@bilag.local>');
    const replies = await deliver(port, ['kari@example.no', 'arkiv@bilag.local'], raw);
    expect(replies.data?.code).toBe(250);

    const listed = await list('to=kari@example.no');
    expect(listed.total).toBe(1);
    const [summary] = listed.messages;
    expect(summary).toMatchObject({
      subject: 'Påminnelse: faktura 1042 forfaller – blåbær',
      from: [{ name: 'Bilag', address: 'bilag@bilag.local' }],
      to: [{ name: 'Kari Nordmann', address: 'kari@example.no' }],
      cc: [{ name: '', address: 'regnskap@example.no' }],
      date: '2026-03-02T08:30:00.000Z',
      attachmentCount: 1,
      snippet: 'Hei Kari, fakturaen på 1 250,00 kr forfaller i morgen. . Hilsen Bilag',
    });
    expect(summary.size).toBe(Buffer.byteLength(raw.endsWith('\r\n') ? raw : `${raw}\r\n`));

    const detail = (await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}` })).json();
    expect(detail).toMatchObject({
      envelope: { from: 'bilag@bilag.local', to: ['kari@example.no', 'arkiv@bilag.local'] },
      messageId: '<reminder-1042@bilag.local>',
      text: 'Hei Kari,\n\nfakturaen på 1 250,00 kr forfaller i morgen.\n.\nHilsen Bilag',
      html: '<p>Hei Kari,</p><p>fakturaen på <b>1 250,00 kr</b> forfaller i morgen.</p>',
      attachments: [
        {
          index: 0,
          filename: 'faktura-1042.pdf',
          contentType: 'application/pdf',
          disposition: 'attachment',
          size: PDF_BYTES.length,
        },
      ],
    });
    expect(detail.headers).toContainEqual({ name: 'X-Bilag-Reminder', value: '1042' });
    expect(detail.headers).toContainEqual({
      name: 'Subject',
      value: 'Påminnelse: faktura 1042 forfaller – blåbær',
    });
    expect(detail.attachments[0].url).toMatch(
      new RegExp(`^http://[^/]+/mail/api/messages/${summary.id}/attachments/0$`),
    );

    const attachment = await app.inject({
      method: 'GET',
      url: `/mail/api/messages/${summary.id}/attachments/0`,
    });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    expect(attachment.headers['content-disposition']).toBe(
      `attachment; filename="faktura-1042.pdf"; filename*=UTF-8''faktura-1042.pdf`,
    );
    expect(attachment.headers['x-content-type-options']).toBe('nosniff');

    const received = await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}/raw` });
    expect(received.headers['content-type']).toBe('message/rfc822');
    expect(received.body).toBe(raw.endsWith('\r\n') ? raw : `${raw}\r\n`);
  });

  it('accepts a client that logs in, and notes who it logged in as', async () => {
    const replies = await deliver(
      port,
      ['kari@example.no'],
      simpleMail('kari@example.no', 'Logged in'),
      'bilag',
    );
    expect(replies.auth?.code).toBe(235);
    expect(replies.data?.code).toBe(250);
    const [summary] = (await list('subject=Logged in')).messages;
    const detail = (await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}` })).json();
    expect(detail.authenticatedAs).toBe('bilag');
  });

  it('refuses reject@ for good with 550 and keeps nothing for it', async () => {
    const replies = await deliver(port, ['reject@example.no'], simpleMail('reject@example.no', 'Refused'));
    expect(replies.rcpts[0]?.code).toBe(550);
    expect(replies.rcpts[0]?.text).toContain('reject@example.no');
    expect((await list('to=reject')).total).toBe(0);

    const tagged = await deliver(port, ['Reject+invoice-7@example.no'], simpleMail('x@example.no', 'Tagged'));
    expect(tagged.rcpts[0]?.code).toBe(550);
  });

  it('defers busy@ once with 451, then accepts the same message and keeps it once', async () => {
    const message = simpleMail('busy@example.no', 'Deferred once');
    const first = await deliver(port, ['busy@example.no'], message);
    expect(first.rcpts[0]?.code).toBe(250);
    expect(first.data?.code).toBe(451);
    expect((await list('to=busy@example.no')).total).toBe(0);

    const second = await deliver(port, ['busy@example.no'], message);
    expect(second.data?.code).toBe(250);
    expect((await list('to=busy@example.no')).total).toBe(1);

    const another = await deliver(port, ['busy@example.no'], simpleMail('busy@example.no', 'Another'));
    expect(another.data?.code).toBe(451);
  });

  it(
    'answers slow@ only after a few seconds, then takes the message',
    async () => {
      const smtp = await openSmtp(port);
      await smtp.command('EHLO test.local');
      await smtp.command('MAIL FROM:<bilag@bilag.local>');
      const started = Date.now();
      const rcpt = await smtp.command('RCPT TO:<slow@example.no>');
      expect(rcpt.code).toBe(250);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 50);
      expect((await smtp.data(simpleMail('slow@example.no', 'Slowly'))).code).toBe(250);
      smtp.close();
      expect((await list('to=slow@example.no')).total).toBe(1);
    },
    SLOW_ANSWER_MS + 5000,
  );

  it('refuses a message over 10 MB with 552, whether announced or only sent', async () => {
    const smtp = await openSmtp(port);
    const hello = await smtp.command('EHLO test.local');
    expect(hello.text).toContain(`SIZE ${MAX_MESSAGE_BYTES}`);
    const announced = await smtp.command(`MAIL FROM:<bilag@bilag.local> SIZE=${MAX_MESSAGE_BYTES + 1}`);
    expect(announced.code).toBe(552);
    await smtp.command('RSET');
    await smtp.command('MAIL FROM:<bilag@bilag.local>');
    await smtp.command('RCPT TO:<kari@example.no>');
    const line = `${'x'.repeat(998)}\r\n`;
    const body = line.repeat(Math.ceil(MAX_MESSAGE_BYTES / line.length) + 10);
    const sent = await smtp.data(simpleMail('kari@example.no', 'Too big', [], body));
    expect(sent.code).toBe(552);
    smtp.close();
    expect((await list('subject=Too big')).total).toBe(0);
  });

  it('lists newest first, filters by recipient and subject, and limits', async () => {
    for (const subject of ['Første', 'Andre', 'Tredje']) {
      await deliver(port, ['ola@example.no'], simpleMail('ola@example.no', utf8Word(subject)));
    }
    await deliver(port, ['kari@example.no'], simpleMail('kari@example.no', 'Til Kari'));

    const all = await list('');
    expect(all.messages.map((message: { subject: string }) => message.subject)).toEqual([
      'Til Kari',
      'Tredje',
      'Andre',
      'Første',
    ]);
    expect((await list('to=OLA@EXAMPLE')).total).toBe(3);
    expect((await list('subject=andre')).messages).toHaveLength(1);
    const limited = await list('to=ola&limit=2');
    expect(limited).toMatchObject({ total: 3 });
    expect(limited.messages).toHaveLength(2);

    const invalid = await app.inject({ method: 'GET', url: '/mail/api/messages?limit=0' });
    expect(invalid.statusCode).toBe(400);
    const tooLong = await app.inject({ method: 'GET', url: '/mail/api/messages?waitMs=60000' });
    expect(tooLong.statusCode).toBe(400);
  });

  it('waits for a message that has not come yet, and gives up empty when none comes', async () => {
    const address = `waiting-${crypto.randomUUID()}@example.no`;
    const waiting = app.inject({ method: 'GET', url: `/mail/api/messages?to=${address}&waitMs=5000` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await deliver(port, [address], simpleMail(address, 'Awaited'));
    const answered = (await waiting).json();
    expect(answered.messages[0]?.subject).toBe('Awaited');
    expect(Date.now() - started).toBeLessThan(2000);

    const before = Date.now();
    const empty = (
      await app.inject({ method: 'GET', url: '/mail/api/messages?to=nobody@x.no&waitMs=300' })
    ).json();
    expect(empty).toEqual({ total: 0, messages: [] });
    expect(Date.now() - before).toBeGreaterThanOrEqual(280);
  });

  it('empties the box', async () => {
    await deliver(port, ['kari@example.no'], simpleMail('kari@example.no', 'Soon gone'));
    const emptied = await app.inject({ method: 'DELETE', url: '/mail/api/messages' });
    expect(emptied.json()).toEqual({ deleted: 1 });
    expect((await list('')).total).toBe(0);
  });

  it('answers 404 for a message or attachment it does not have, and 400 for an id that is none', async () => {
    const unknown = crypto.randomUUID();
    for (const url of [
      `/mail/api/messages/${unknown}`,
      `/mail/api/messages/${unknown}/raw`,
      `/mail/api/messages/${unknown}/attachments/0`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    await deliver(port, ['kari@example.no'], simpleMail('kari@example.no', 'No files'));
    const [summary] = (await list('')).messages;
    const noFile = await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}/attachments/3` });
    expect(noFile.statusCode).toBe(404);
    const notAnId = await app.inject({ method: 'GET', url: '/mail/api/messages/..%2F..%2Fetc' });
    expect(notAnId.statusCode).toBe(400);
  });

  it('serves a hostile attachment only as a download with a harmless name', async () => {
    const message = [
      'From: mallory@example.com',
      'To: kari@example.no',
      'Subject: Hostile file',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See attached',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Disposition: attachment; filename="../../evil\\".html"',
      '',
      '<script>alert(1)</script>',
      '--b',
      'Content-Type: text/plain',
      `Content-Disposition: attachment; filename*=UTF-8''%C3%B8konomi%0D%0Aset-cookie.txt`,
      '',
      'x',
      '--b--',
      '',
    ].join('\r\n');
    await deliver(port, ['kari@example.no'], message);
    const [summary] = (await list('subject=Hostile')).messages;

    const page = await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}/attachments/0` });
    expect(page.headers['content-disposition']).toMatch(/^attachment; filename="evil_.html"/);
    expect(page.headers['content-security-policy']).toContain('sandbox');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const named = await app.inject({ method: 'GET', url: `/mail/api/messages/${summary.id}/attachments/1` });
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="_konomi__set-cookie.txt"; filename*=UTF-8''%C3%B8konomi__set-cookie.txt`,
    );
  });

  describe('pages', () => {
    it('lists the mail in both languages and filters by recipient', async () => {
      await deliver(port, ['kari@example.no'], simpleMail('kari@example.no', 'Til Kari'));
      await deliver(port, ['ola@example.no'], simpleMail('ola@example.no', 'Til Ola'));

      const english = await app.inject({ method: 'GET', url: '/mail?lang=en' });
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('data-sandbox-banner');
      expect(english.body).toContain('Received mail');
      expect(english.body).toContain(`127.0.0.1:${port}`);
      expect(english.body).toMatch(/<input id="to" name="to" type="search" value="" [^>]*autofocus>/);
      expect(english.body).toContain('Til Kari');
      expect(english.body).toContain('Til Ola');
      expect(english.headers['content-security-policy']).toContain("default-src 'none'");

      const norwegian = await app.inject({
        method: 'GET',
        url: '/mail?to=ola',
        headers: { 'accept-language': 'nb-NO' },
      });
      expect(norwegian.body).toContain('Mottatt e-post');
      expect(norwegian.body).toContain('Til Ola');
      expect(norwegian.body).not.toContain('Til Kari');
      expect(norwegian.body).toContain('Viser 1 av 1 meldinger');

      const nothing = await app.inject({ method: 'GET', url: '/mail?lang=no&to=ingen' });
      expect(nothing.body).toContain('Ingen e-post til denne mottakeren.');
      const odd = await app.inject({ method: 'GET', url: `/mail?to=${'x'.repeat(5000)}&to=y` });
      expect(odd.statusCode).toBe(200);
    });

    it('shows a message with its text, its HTML in a frame without scripts, and its attachments', async () => {
      const hostileSubject = '<img src=x onerror=alert(1)>';
      const message = [
        'From: "<b>Mallory</b>" <mallory@example.com>',
        'To: kari@example.no',
        `Subject: ${hostileSubject}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Tekst </pre><script>alert(2)</script>',
        '--b',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p onclick="alert(3)">Hei</p>"><script>alert(4)</script></iframe><img src=cid:logo@bilag>',
        '--b',
        'Content-Type: image/png',
        'Content-ID: <logo@bilag>',
        'Content-Disposition: inline; filename="logo.png"',
        'Content-Transfer-Encoding: base64',
        '',
        'iVBORw0KGgo=',
        '--b--',
        '',
      ].join('\r\n');
      await deliver(port, ['kari@example.no'], message);
      const [summary] = (await list('')).messages;

      const page = await app.inject({ method: 'GET', url: `/mail/${summary.id}?lang=en` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).not.toContain('<script>');
      expect(page.body).not.toContain('<img src=x');
      expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(page.body).toContain('Tekst &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
      const frame = /<iframe sandbox="([^"]*)" srcdoc="([^"]*)" title="([^"]+)"/.exec(page.body);
      expect(frame?.[1]).toBe('allow-popups allow-popups-to-escape-sandbox');
      expect(frame?.[2]).toContain('&lt;script&gt;alert(4)&lt;/script&gt;&lt;/iframe&gt;');
      // The message's own image is inlined; nothing is fetched from elsewhere.
      expect(frame?.[2]).toContain('src=data:image/png;base64,iVBORw0KGgo=');
      expect(page.body).toContain(`href="/mail/api/messages/${summary.id}/attachments/0">logo.png</a>`);
      expect(page.body).toContain(`href="/mail/api/messages/${summary.id}/raw"`);

      const norwegian = await app.inject({ method: 'GET', url: `/mail/${summary.id}?lang=no` });
      expect(norwegian.body).toContain('Tilbake til mottatt e-post');
      expect(norwegian.body).toContain('HTML-delen av meldingen, vist uten skript');
    });

    it('says plainly when a message is not there', async () => {
      const missing = await app.inject({ method: 'GET', url: `/mail/${crypto.randomUUID()}?lang=no` });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('Fant ikke meldingen');
      const odd = await app.inject({ method: 'GET', url: '/mail/%3Cscript%3E' });
      expect(odd.statusCode).toBe(404);
      expect(odd.body).not.toContain('<script>');
    });

    it('empties the box from a form and goes back to the list in the same language', async () => {
      await deliver(port, ['kari@example.no'], simpleMail('kari@example.no', 'Soon gone'));
      const emptied = await app.inject({
        method: 'POST',
        url: '/mail/empty?lang=no',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(emptied.statusCode).toBe(303);
      expect(emptied.headers.location).toBe('/mail?lang=no');
      expect((await list('')).total).toBe(0);
    });
  });
});

describe('the mailbox', () => {
  function givenContext(): SandboxContext {
    const store = createStore();
    const clock = createClock();
    return {
      clock,
      store,
      webhooks: createWebhookSender(store, clock.now),
      credentials: DEFAULT_CREDENTIALS,
      scaTimeoutSeconds: 1,
    };
  }

  const mailNumbered = (number: number, extra: Partial<StoredMail> = {}): StoredMail => ({
    id: `mail-${number}`,
    receivedAt: new Date().toISOString(),
    envelope: { from: null, to: ['kari@example.no'] },
    authenticatedAs: null,
    messageId: null,
    from: [],
    to: [],
    cc: [],
    replyTo: [],
    subject: `Nr. ${number}`,
    date: null,
    size: 10,
    headers: [],
    text: null,
    html: null,
    attachments: [],
    rawBase64: '',
    ...extra,
  });

  it(`keeps the newest ${MAX_MESSAGES} messages and drops the oldest`, () => {
    const mailbox = mailboxOf(givenContext());
    for (let number = 1; number <= MAX_MESSAGES + 5; number += 1) mailbox.add(mailNumbered(number));
    const kept = mailbox.find({});
    expect(kept).toHaveLength(MAX_MESSAGES);
    expect(kept[0]?.id).toBe(`mail-${MAX_MESSAGES + 5}`);
    expect(kept.at(-1)?.id).toBe('mail-6');
  });

  it('drops the oldest messages when the kept bytes would grow too large', () => {
    const mailbox = mailboxOf(givenContext());
    const big = 'A'.repeat(30 * 1024 * 1024);
    for (let number = 1; number <= 5; number += 1) mailbox.add(mailNumbered(number, { rawBase64: big }));
    expect(mailbox.find({}).map((mail) => mail.id)).toEqual(['mail-5', 'mail-4', 'mail-3']);
  });
});

describe('header values', () => {
  it('decodes encoded words, joining a letter split across two of them', () => {
    const bytes = Buffer.from('blåbær', 'utf8');
    const split = `=?UTF-8?B?${bytes.subarray(0, 3).toString('base64')}?= =?UTF-8?B?${bytes.subarray(3).toString('base64')}?=`;
    expect(decodeHeaderValue(split)).toBe('blåbær');
    expect(decodeHeaderValue('Re: =?ISO-8859-1?Q?S=F8knad_om_l=E5n?= (kopi)')).toBe(
      'Re: Søknad om lån (kopi)',
    );
    expect(decodeHeaderValue('=?x-unknown?B?AAAA?= plain')).toBe('=?x-unknown?B?AAAA?= plain');
  });
});
