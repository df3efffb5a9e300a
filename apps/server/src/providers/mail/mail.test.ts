import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../config';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { givenSandbox, noWait, type RunningSandbox } from '../../test/sandbox';
import { ProviderError, providerErrorToAppError } from '../provider-error';
import { createMailClient } from './http-client';
import type { OutgoingMail } from './interface';
import { MAX_MAIL_BYTES } from './outgoing-mail';

type ReceivedMessage = {
  id: string;
  subject: string;
  from: { name: string; address: string }[];
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  replyTo: { name: string; address: string }[];
  messageId: string | null;
  authenticatedAs: string | null;
  envelope: { from: string | null; to: string[] };
  headers: { name: string; value: string }[];
  text: string | null;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number; url: string }[];
};

/** A port nothing listens on: one the system just gave out and took back. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** One address per test, so each reads back only its own mail from the shared catcher. */
const uniqueAddress = (localPart: string) => `${localPart}+${crypto.randomUUID().slice(0, 8)}@example.no`;

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('the mail client, against the sandbox mail catcher over SMTP', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await givenSandbox();
  });
  afterAll(() => sandbox.close());

  const client = (overrides: Partial<ProviderSettings['mail']> = {}, timeoutMs?: number) =>
    createMailClient(
      {
        ...sandbox.providers,
        timeoutMs: timeoutMs ?? sandbox.providers.timeoutMs,
        mail: { ...sandbox.providers.mail, ...overrides },
      },
      { sleep: noWait },
    );

  /** What the catcher got for an address, read through its API (waiting a little for it). */
  async function receivedBy(address: string, waitMs = 5000): Promise<ReceivedMessage[]> {
    const list = await fetch(
      `${sandbox.url}/mail/api/messages?to=${encodeURIComponent(address)}&waitMs=${waitMs}`,
    ).then((response) => response.json() as Promise<{ messages: { id: string }[] }>);
    return Promise.all(
      list.messages.map((summary) =>
        fetch(`${sandbox.url}/mail/api/messages/${summary.id}`).then(
          (response) => response.json() as Promise<ReceivedMessage>,
        ),
      ),
    );
  }

  it('sends text, HTML and an attachment, and the catcher gives each back exactly', async () => {
    const to = uniqueAddress('kari');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const mail: OutgoingMail = {
      to,
      cc: ['regnskap@example.no'],
      replyTo: 'post@nordlys-bakeri.no',
      subject: 'Faktura 1042 fra Nordlys Bakeri AS',
      text: 'Hei,\n\nvedlagt er faktura 1042 på 1 250,00 kr.\n\nHilsen Nordlys Bakeri',
      html: '<p>Hei,</p><p>vedlagt er faktura 1042 på <strong>1 250,00 kr</strong>.</p>',
      attachments: [{ filename: 'faktura-1042.pdf', contentType: 'application/pdf', content: pdf }],
      headers: { 'X-Bilag-Voucher': '1042', 'List-Unsubscribe': '<https://bilag.example/unsubscribe/1042>' },
    };

    const receipt = await client().send(mail);

    expect(receipt.accepted).toEqual([to, 'regnskap@example.no']);
    expect(receipt.rejected).toEqual([]);
    expect(receipt.messageId).toMatch(/^<[0-9a-f-]{36}@bilag\.local>$/);
    const [received, ...others] = await receivedBy(to);
    expect(others).toEqual([]);
    expect(received).toMatchObject({
      messageId: receipt.messageId,
      subject: mail.subject,
      from: [{ name: 'Bilag', address: 'no-reply@bilag.local' }],
      to: [{ name: '', address: to }],
      cc: [{ name: '', address: 'regnskap@example.no' }],
      replyTo: [{ name: '', address: 'post@nordlys-bakeri.no' }],
      envelope: { from: 'no-reply@bilag.local', to: [to, 'regnskap@example.no'] },
      text: mail.text,
      html: mail.html,
      authenticatedAs: null,
    });
    expect(received?.headers).toContainEqual({ name: 'X-Bilag-Voucher', value: '1042' });
    expect(received?.headers).toContainEqual({
      name: 'List-Unsubscribe',
      value: '<https://bilag.example/unsubscribe/1042>',
    });
    expect(received?.attachments).toMatchObject([
      { filename: 'faktura-1042.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    const file = await fetch(received?.attachments[0]?.url ?? '');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps the Norwegian letters æøå in the subject, the text, the HTML and a file name', async () => {
    const to = uniqueAddress('ola');
    const mail: OutgoingMail = {
      to,
      subject: 'Påminnelse: blåbærsyltetøy til Ærøy – ÆØÅ æøå',
      text: 'Kjære Ørjan, fakturaen for blåbær på Ærøy forfaller snart. Hilsen Åse',
      html: '<p>Kjære Ørjan, <em>blåbær</em> på Ærøy – hilsen Åse</p>',
      attachments: [
        {
          filename: 'Kvittering blåbær Ærøy.txt',
          contentType: 'text/plain',
          content: Buffer.from('æøå ÆØÅ'),
        },
      ],
    };

    await client().send(mail);

    const [received] = await receivedBy(to);
    expect(received?.subject).toBe(mail.subject);
    expect(received?.text).toBe(mail.text);
    expect(received?.html).toBe(mail.html);
    expect(received?.attachments[0]?.filename).toBe('Kvittering blåbær Ærøy.txt');
    const file = await fetch(received?.attachments[0]?.url ?? '');
    expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe('æøå ÆØÅ');
  });

  it('logs in when the URL carries credentials', async () => {
    const to = uniqueAddress('login');
    const smtpUrl = `smtp://bilag:hemmelig%40passord@127.0.0.1:${sandbox.smtpPort}`;
    await client({ smtpUrl }).send({ to, subject: 'Innlogget', text: 'Hei' });
    const [received] = await receivedBy(to);
    expect(received?.authenticatedAs).toBe('bilag');
  });

  it('reports a recipient the server refuses for good (reject@) as rejected, in the person’s language', async () => {
    const to = uniqueAddress('reject');

    const failure = await failureOf(client().send({ to, subject: 'Avvist', text: 'Hei' }));

    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      party: 'mail',
      failure: 'rejected',
      partyCode: '550',
      reasonKey: 'mailRecipientRefused',
    });
    expect((failure as ProviderError).partyText).toMatch(/^550 .*does not exist/);
    const shown = providerErrorToAppError(failure as ProviderError, (key) => translate('no', key));
    expect(shown.statusCode).toBe(422);
    expect(translate('no', shown.messageKey, shown.options.params)).toBe(
      'E-posttjeneren avviste forespørselen: Adressen tar ikke imot e-post. Sjekk at den er skrevet riktig.',
    );
    expect(await receivedBy(to, 0)).toEqual([]);
  });

  it('delivers to the recipients the server takes and names the ones it refused', async () => {
    const kept = uniqueAddress('kari');
    const refused = uniqueAddress('reject');

    const receipt = await client().send({ to: [kept, refused], subject: 'Delvis', text: 'Hei' });

    expect(receipt.accepted).toEqual([kept]);
    expect(receipt.rejected).toEqual([refused]);
    expect(await receivedBy(kept)).toHaveLength(1);
  });

  it('tries a deferred message (busy@, 451) again with the same Message-ID, and it is delivered once', async () => {
    const to = uniqueAddress('busy');
    const waits: number[] = [];
    const patient = createMailClient(sandbox.providers, { sleep: async (ms) => void waits.push(ms) });

    const receipt = await patient.send({ to, subject: 'Utsatt én gang', text: 'Hei' });

    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    expect(receipt.accepted).toEqual([to]);
    const received = await receivedBy(to);
    expect(received).toHaveLength(1);
    expect(received[0]?.messageId).toBe(receipt.messageId);
  });

  it('gives up on a message deferred on every attempt as unavailable, with the server’s reply', async () => {
    const to = uniqueAddress('busy');
    const once = createMailClient(sandbox.providers, { sleep: noWait, maxAttempts: 1 });

    const failure = await failureOf(once.send({ to, subject: 'Utsatt', text: 'Hei' }));

    expect(failure).toMatchObject({ party: 'mail', failure: 'unavailable', partyCode: '451' });
    expect((failure as ProviderError).partyText).toMatch(/^451 /);
  });

  it('waits for a slow server (slow@) within its timeout, and gives up as unavailable past it', async () => {
    const delivered = uniqueAddress('slow');
    await client().send({ to: delivered, subject: 'Sakte', text: 'Hei' });
    expect(await receivedBy(delivered)).toHaveLength(1);

    const impatient = createMailClient(
      { ...sandbox.providers, timeoutMs: 300 },
      { sleep: noWait, maxAttempts: 2 },
    );
    const abandoned = uniqueAddress('slow');
    const failure = await failureOf(impatient.send({ to: abandoned, subject: 'For sakte', text: 'Hei' }));
    expect(failure).toMatchObject({ party: 'mail', failure: 'unavailable' });
    expect(await receivedBy(abandoned, 0)).toEqual([]);
  });

  it('reports a mail server nobody answers on as unavailable, after trying a few times', async () => {
    const port = await unusedPort();
    const waits: number[] = [];
    const nowhere = createMailClient(
      { ...sandbox.providers, mail: { ...sandbox.providers.mail, smtpUrl: `smtp://127.0.0.1:${port}` } },
      { sleep: async (ms) => void waits.push(ms) },
    );

    const failure = await failureOf(nowhere.send({ to: 'kari@example.no', subject: 'Hei', text: 'Hei' }));

    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ party: 'mail', failure: 'unavailable' });
    expect(waits).toHaveLength(3);
    expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
    await expect(nowhere.verify()).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('checks that the configured server answers', async () => {
    await expect(client().verify()).resolves.toBeUndefined();
  });

  it('refuses header injection and other unsendable values before anything is sent', async () => {
    const to = uniqueAddress('kari');
    const valid: OutgoingMail = { to, subject: 'Hei', text: 'Hei' };
    const cases: [OutgoingMail, string][] = [
      [{ ...valid, subject: 'Hei\r\nBcc: mallory@evil.example' }, 'mailSubjectInvalid'],
      [{ ...valid, headers: { 'X-Note': 'ok\r\nBcc: mallory@evil.example' } }, 'mailHeaderInvalid'],
      [{ ...valid, headers: { 'X-Note\r\nBcc': 'mallory@evil.example' } }, 'mailHeaderInvalid'],
      [{ ...valid, headers: { 'X Note': 'mellomrom' } }, 'mailHeaderInvalid'],
      [{ ...valid, headers: { BCC: 'mallory@evil.example' } }, 'mailHeaderReserved'],
      [{ ...valid, to: `${to}\r\nRCPT TO:<mallory@evil.example>` }, 'mailAddressInvalid'],
      [{ ...valid, cc: ['Mallory <mallory@evil.example>'] }, 'mailAddressInvalid'],
      [{ ...valid, replyTo: 'mallory@evil.example\nBcc: x@y.no' }, 'mailAddressInvalid'],
      [{ ...valid, to: [] }, 'mailNoRecipients'],
      [
        {
          ...valid,
          attachments: [
            {
              filename: 'a.pdf\r\nContent-Type: text/html',
              contentType: 'application/pdf',
              content: Buffer.from('x'),
            },
          ],
        },
        'mailAttachmentInvalid',
      ],
      [
        {
          ...valid,
          attachments: [{ filename: 'a.pdf', contentType: 'text/html\r\nX: y', content: Buffer.from('x') }],
        },
        'mailAttachmentInvalid',
      ],
    ];
    for (const [mail, messageKey] of cases) {
      const failure = await failureOf(client().send(mail));
      expect(failure, messageKey).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ statusCode: 400, messageKey });
    }
    expect(await receivedBy(to, 0)).toEqual([]);
    expect(await receivedBy('mallory@evil.example', 0)).toEqual([]);
  });

  it('refuses a message larger than the limit before sending it', async () => {
    const to = uniqueAddress('kari');
    const tooLarge = Buffer.alloc(MAX_MAIL_BYTES + 1);
    const failure = await failureOf(
      client().send({
        to,
        subject: 'Stor',
        text: 'Hei',
        attachments: [{ filename: 'stor.bin', contentType: 'application/octet-stream', content: tooLarge }],
      }),
    );
    expect(failure).toMatchObject({ statusCode: 413, messageKey: 'mailTooLarge' });
    expect(await receivedBy(to, 0)).toEqual([]);
  });

  it('will not start with a sender address that is not one address', () => {
    expect(() => client({ from: 'Bilag <no-reply@bilag.local>, mallory@evil.example' })).toThrow(/MAIL_FROM/);
    expect(() => client({ from: 'Bilag\r\nBcc: x <no-reply@bilag.local>' })).toThrow(/MAIL_FROM/);
  });
});
