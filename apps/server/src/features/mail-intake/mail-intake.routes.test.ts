import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { VoucherSource } from '@bilag/contracts';
import { norwegianInvoice } from '@bilag/domain/ehf/__fixtures__/norwegian-invoice';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, spamSuppliers } from '../../db/schema';
import { enqueueJob, runJobsUntilIdle } from '../../platform/jobs';
import { createLocalDiskStore } from '../../platform/object-store';
import {
  bearer,
  givenCompany,
  givenTenancy,
  givenUser,
  login,
  minimalPdf,
  multipart,
} from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';
import { mailIntakeJobs } from './mail-intake.jobs';
import { type MailListener, startMailListener } from './mail-listener';
import { MAIL_PROCESS_JOB } from './mail-processing.service';

const DOMAIN = 'inbox.bilag.local';
const MEGABYTE = 1024 * 1024;

type SentMail = {
  from: string;
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
};

describe('receipts forwarded by e-mail', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let listener: MailListener;
  let store: ReturnType<typeof createLocalDiskStore>;
  let address: string;
  let png: Buffer;
  let imageSeed = 0;

  /** A receipt photo no other test has sent, so it is not taken for the same document again. */
  function newReceiptImage() {
    imageSeed += 1;
    return sharp({ create: { width: 40 + imageSeed, height: 60, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
  }

  const spoolDir = () => path.join(context.dataDir, 'mail-spool');

  beforeAll(async () => {
    context = await createTestApp();
    tenancy = await givenTenancy(context);
    store = createLocalDiskStore(path.join(context.dataDir, 'files'));
    listener = await startMailListener({
      db: context.db,
      store,
      host: '127.0.0.1',
      port: 0,
      domain: DOMAIN,
      spoolDir: spoolDir(),
    });
    const reply = await tenancy.call('GET', `/api/mail/address/${tenancy.companyId}`);
    address = reply.json().data.address;
    png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
    await context?.close();
  });

  function transport() {
    return nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
  }

  async function send(mail: SentMail) {
    const info = await transport().sendMail({
      to: address,
      subject: 'Kvittering',
      text: 'Se vedlegg.',
      ...mail,
    });
    return info.response;
  }

  function processMail() {
    return runJobsUntilIdle(context.db, { handlers: mailIntakeJobs({ db: context.db, store }).handlers });
  }

  /** The arrival of the last mail, with what each attachment became (the mail server's inbox by uuid). */
  async function lastArrival() {
    const arrivals = await tenancy.call(
      'GET',
      '/api/mail/admin/arrivals?pagesize=1',
      undefined,
      tenancy.adminSession,
    );
    const [row] = arrivals.json().data.rows;
    const detail = await tenancy.call('GET', `/api/mail/inbox/${row.uuid}?companyId=${tenancy.companyId}`);
    expect(detail.statusCode).toBe(200);
    return detail.json().data;
  }

  /** The last `count` arrivals, oldest first, each with what its attachments became. */
  async function lastArrivals(count: number) {
    const arrivals = await tenancy.call(
      'GET',
      `/api/mail/admin/arrivals?pagesize=${count}`,
      undefined,
      tenancy.adminSession,
    );
    const rows: { uuid: string }[] = arrivals.json().data.rows;
    const details = [];
    for (const row of [...rows].reverse()) {
      const detail = await tenancy.call('GET', `/api/mail/inbox/${row.uuid}?companyId=${tenancy.companyId}`);
      expect(detail.statusCode).toBe(200);
      details.push(detail.json().data);
    }
    return details;
  }

  async function forwardedVouchers() {
    const reply = await tenancy.call(
      'GET',
      `/api/main/voucher/getForwardedVoucher?companyId=${tenancy.companyId}`,
    );
    return reply.json().data as {
      rows: { Id: number; Source: number; Files: { MimeType: string }[] }[];
      total: number;
    };
  }

  it('gives each company its own address on the configured domain', async () => {
    expect(address).toMatch(new RegExp(`^company-[0-9a-f]+@${DOMAIN.replaceAll('.', '\\.')}$`));
    const outsider = await tenancy.call(
      'GET',
      `/api/mail/address/${tenancy.companyId}`,
      undefined,
      tenancy.outsiderSession,
    );
    expect(outsider.statusCode).toBe(404);
  });

  it('makes a voucher of each PDF, JPG and PNG attachment a member forwards, and tells the company', async () => {
    const before = (await forwardedVouchers()).total;
    await send({
      from: `"Test Person" <${tenancy.user.email}>`,
      subject: 'Middag på Bølgen & Moi',
      attachments: [
        { filename: 'kvittering.pdf', content: Buffer.from(minimalPdf) },
        { filename: 'bilde.png', content: png },
      ],
    });
    expect((await forwardedVouchers()).total).toBe(before);
    await processMail();

    const arrival = await lastArrival();
    expect(arrival.inboxItem).toMatchObject({
      status: 'voucher-created',
      channel: 'email',
      subject: 'Middag på Bølgen & Moi',
    });
    expect(
      arrival.attachments.map((attachment: { kind: string; outcome: string }) => [
        attachment.kind,
        attachment.outcome,
      ]),
    ).toEqual([
      ['pdf', 'voucher'],
      ['png', 'voucher'],
    ]);
    const vouchers = await forwardedVouchers();
    expect(vouchers.total).toBe(before + 2);
    expect(vouchers.rows.every((voucher) => voucher.Source === VoucherSource.EMAIL)).toBe(true);
    expect(arrival.inboxItem.voucherIds.sort()).toEqual(
      vouchers.rows
        .slice(0, 2)
        .map((voucher) => voucher.Id)
        .sort(),
    );
    const told = await context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, tenancy.companyId), eq(notifications.kind, 'inbox-arrived')));
    expect(told.length).toBeGreaterThan(0);
  });

  it('renders a mail without attachments, Norwegian letters and all, into a PDF voucher', async () => {
    await send({
      from: tenancy.user.email,
      subject: 'Taxi til Gardermoen',
      text: 'Kvittering: 489,00 kr. Sjåfør: Øystein Ærø. Takk for turen! 🚕',
    });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem.status).toBe('voucher-created');
    const [voucherId] = arrival.inboxItem.voucherIds;
    const detail = await tenancy.call('GET', `/api/main/voucher/${voucherId}?companyId=${tenancy.companyId}`);
    const [file] = detail.json().data.Files;
    expect(file).toMatchObject({ MimeType: 'application/pdf', FileName: 'Taxi til Gardermoen.pdf' });
    const pdf = await tenancy.call(
      'GET',
      `/api/main/file/download/${file.Id}?companyId=${tenancy.companyId}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('turns an EHF invoice attached to a mail into an EHF voucher, and the same invoice again into nothing new', async () => {
    const invoice = norwegianInvoice({ id: `MAIL-${Date.now()}` });
    await send({
      from: tenancy.user.email,
      attachments: [
        { filename: 'faktura.xml', content: Buffer.from(invoice), contentType: 'application/xml' },
      ],
    });
    await processMail();
    const first = await lastArrival();
    expect(first.attachments[0]).toMatchObject({ kind: 'xml', outcome: 'ehf' });
    expect(first.inboxItem.status).toBe('voucher-created');
    expect(first.inboxItem.ehfDocumentId).not.toBeNull();
    expect(first.inboxItem.voucherIds).toHaveLength(1);

    await send({
      from: tenancy.user.email,
      attachments: [
        { filename: 'samme-faktura.xml', content: Buffer.from(invoice), contentType: 'text/xml' },
      ],
    });
    await processMail();
    const again = await lastArrival();
    expect(again.inboxItem.status).toBe('duplicate');
    expect(again.inboxItem.voucherIds).toEqual(first.inboxItem.voucherIds);
  });

  it('keeps the document that came by the web as one voucher when it is also mailed', async () => {
    const receipt = Buffer.concat([Buffer.from(minimalPdf), Buffer.from(`% web ${Date.now()}\n`)]);
    const form = await multipart({ companyId: String(tenancy.companyId) }, [
      { field: 'files', name: 'web.pdf', bytes: receipt, type: 'application/pdf' },
    ]);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/main/voucher/addByWeb',
      headers: { ...bearer(tenancy.session), ...form.headers },
      payload: form.payload,
    });
    const webVoucherId = uploaded.json().data[0].Id;
    await send({ from: tenancy.user.email, attachments: [{ filename: 'same.pdf', content: receipt }] });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem.status).toBe('duplicate');
    expect(arrival.attachments[0]).toMatchObject({ outcome: 'duplicate', voucherId: webVoucherId });
    expect(arrival.inboxItem.voucherIds).toEqual([webVoucherId]);
  });

  it('makes the mails that waited together into their own vouchers, a receipt mailed twice among them into one', async () => {
    const before = (await forwardedVouchers()).total;
    const receipt = Buffer.concat([Buffer.from(minimalPdf), Buffer.from(`% batch ${Date.now()}\n`)]);
    const photo = await newReceiptImage();
    await send({
      from: tenancy.user.email,
      subject: 'Første',
      attachments: [
        { filename: 'kvittering.pdf', content: receipt },
        { filename: 'bilde.png', content: photo },
      ],
    });
    await send({
      from: 'stranger@example.com',
      subject: 'Fra en fremmed',
      attachments: [{ filename: 'ukjent.png', content: await newReceiptImage() }],
    });
    await send({
      from: tenancy.user.email,
      subject: 'Igjen',
      attachments: [{ filename: 'igjen.pdf', content: receipt }],
    });

    expect(await processMail()).toBe(3);
    const [first, stranger, again] = await lastArrivals(3);
    expect(first.inboxItem).toMatchObject({ status: 'voucher-created', subject: 'Første' });
    expect(first.inboxItem.voucherIds).toHaveLength(2);
    expect(stranger.inboxItem).toMatchObject({ status: 'needs-review', voucherIds: [] });
    expect(again.inboxItem).toMatchObject({ status: 'duplicate', subject: 'Igjen' });
    const [pdfVoucherId] = first.attachments
      .filter((attachment: { kind: string }) => attachment.kind === 'pdf')
      .map((attachment: { voucherId: number }) => attachment.voucherId);
    expect(again.attachments[0]).toMatchObject({ outcome: 'duplicate', voucherId: pdfVoucherId });
    expect(again.inboxItem.voucherIds).toEqual([pdfVoucherId]);
    expect((await forwardedVouchers()).total).toBe(before + 2);

    const told = await context.db
      .select({ kind: notifications.kind, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.companyId, tenancy.companyId));
    expect(told).toEqual(
      expect.arrayContaining([
        { kind: 'inbox-arrived', link: expect.stringContaining(first.inboxItem.uuid) },
        { kind: 'inbox-needs-review', link: expect.stringContaining(stranger.inboxItem.uuid) },
      ]),
    );
    expect(told.some((notification) => notification.link?.includes(again.inboxItem.uuid))).toBe(false);
  });

  it('tells every member and the owner of each kind of news the mails that waited together bring', async () => {
    const owner = await givenUser(context.db);
    const member = await givenUser(context.db);
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [member.id] });
    const memberSession = await login(context.app, member.email);
    const to = (await tenancy.call('GET', `/api/mail/address/${company.id}`, undefined, memberSession)).json()
      .data.address;
    await send({
      to,
      from: member.email,
      subject: 'Lunsj',
      attachments: [{ filename: 'lunsj.png', content: await newReceiptImage() }],
    });
    await send({
      to,
      from: 'stranger@example.com',
      subject: 'Ukjent',
      attachments: [{ filename: 'ukjent.png', content: await newReceiptImage() }],
    });
    expect(await processMail()).toBe(2);

    const told = await context.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.companyId, company.id));
    const byPerson = (userId: number) =>
      told
        .filter((notification) => notification.userId === userId)
        .map((notification) => notification.kind)
        .sort();
    expect(told).toHaveLength(4);
    expect(byPerson(member.id)).toEqual(['inbox-arrived', 'inbox-needs-review']);
    expect(byPerson(owner.id)).toEqual(['inbox-arrived', 'inbox-needs-review']);
  });

  it('makes vouchers of the mails waiting beside a job it cannot run, and fails only that job', async () => {
    const broken = await enqueueJob(context.db, {
      name: MAIL_PROCESS_JOB,
      payload: { companyId: tenancy.companyId },
    });
    await send({
      from: tenancy.user.email,
      subject: 'Ved siden av',
      attachments: [{ filename: 'kvittering.png', content: await newReceiptImage() }],
    });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem).toMatchObject({ status: 'voucher-created', subject: 'Ved siden av' });
    const [failed] = await context.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, broken ?? 0));
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed?.lastError).toContain('inboxItemId');
    await context.db.delete(jobs).where(eq(jobs.id, broken ?? 0));
  });

  it('refuses a zip archive by its content, whatever it is called, and says why', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 0)]);
    await send({ from: tenancy.user.email, attachments: [{ filename: 'receipt.pdf', content: zip }] });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem.status).toBe('refused');
    expect(arrival.attachments[0]).toMatchObject({ kind: 'zip', outcome: 'refused' });
    expect(arrival.inboxItem.reason).toContain('Zip');
    const refusals = await tenancy.call('GET', '/api/mail/admin/refusals', undefined, tenancy.adminSession);
    expect(refusals.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ stage: 'attachment', fileName: 'receipt.pdf' })]),
    );
  });

  it('makes nothing of mail from a sender on the spam-supplier list', async () => {
    await context.db
      .insert(spamSuppliers)
      .values({ forCompanyId: tenancy.companyId, emailPattern: '@spam.example', name: 'Spam AS' });
    const before = (await forwardedVouchers()).total;
    await send({ from: 'offers@spam.example', attachments: [{ filename: 'offer.png', content: png }] });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem.status).toBe('spam');
    expect((await forwardedVouchers()).total).toBe(before);
  });

  it('holds mail from an unknown sender for review; accepting makes the vouchers and remembers the sender', async () => {
    const sender = `supplier-${Date.now()}@leverandor.example`;
    const before = (await forwardedVouchers()).total;
    await send({
      from: sender,
      attachments: [{ filename: 'faktura.png', content: await newReceiptImage() }],
    });
    await processMail();
    const waiting = await lastArrival();
    expect(waiting.inboxItem).toMatchObject({ status: 'needs-review', voucherIds: [] });
    expect(waiting.inboxItem.reason).toContain(sender);
    expect((await forwardedVouchers()).total).toBe(before);

    const byOutsider = await tenancy.call(
      'POST',
      `/api/mail/review/${waiting.inboxItem.id}/accept`,
      { companyId: tenancy.outsiderCompanyId },
      tenancy.outsiderSession,
    );
    expect(byOutsider.statusCode).toBe(404);

    const accepted = await tenancy.call('POST', `/api/mail/review/${waiting.inboxItem.id}/accept`, {
      companyId: tenancy.companyId,
    });
    expect(accepted.statusCode).toBe(200);
    // The process stops here: the vouchers are made by the job, which a restarted server runs.
    expect((await forwardedVouchers()).total).toBe(before);
    await processMail();
    expect((await forwardedVouchers()).total).toBe(before + 1);

    const twice = await tenancy.call('POST', `/api/mail/review/${waiting.inboxItem.id}/accept`, {
      companyId: tenancy.companyId,
    });
    expect(twice.statusCode).toBe(409);

    await send({
      from: sender,
      attachments: [
        {
          filename: 'faktura-2.jpg',
          content: await sharp(await newReceiptImage())
            .jpeg()
            .toBuffer(),
        },
      ],
    });
    await processMail();
    expect((await lastArrival()).inboxItem.status).toBe('voucher-created');
  });

  it('refuses a mail at review with the note the person wrote', async () => {
    await send({ from: 'stranger@nowhere.example', attachments: [{ filename: 'x.png', content: png }] });
    await processMail();
    const waiting = await lastArrival();
    const refused = await tenancy.call('POST', `/api/mail/review/${waiting.inboxItem.id}/refuse`, {
      companyId: tenancy.companyId,
      note: 'Ikke vår leverandør',
    });
    expect(refused.json().data.status).toBe('refused');
    expect((await lastArrival()).reviewNote).toBe('Ikke vår leverandør');
  });

  it('answers 550 for an address that is no company’s, and notes the refusal for the admin', async () => {
    const refused = transport().sendMail({
      from: tenancy.user.email,
      to: `nobody-here@${DOMAIN}`,
      subject: 'x',
      text: 'x',
    });
    await expect(refused).rejects.toMatchObject({ responseCode: 550 });
    const refusals = await tenancy.call('GET', '/api/mail/admin/refusals', undefined, tenancy.adminSession);
    expect(refusals.json().data[0]).toMatchObject({
      stage: 'smtp',
      smtpCode: 550,
      recipient: `nobody-here@${DOMAIN}`,
    });
    const asMember = await tenancy.call('GET', '/api/mail/admin/refusals');
    expect(asMember.statusCode).toBe(403);
  });

  it('answers 552 to a client that announces a mail larger than 25 MB, before it sends a byte of it', async () => {
    const answers = await new Promise<string[]>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: listener.port });
      const commands = [
        'EHLO client.example',
        `MAIL FROM:<${tenancy.user.email}> SIZE=${60 * MEGABYTE}`,
        'QUIT',
      ];
      const lines: string[] = [];
      let buffered = '';
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('latin1');
        const complete = buffered.split('\r\n');
        buffered = complete.pop() ?? '';
        for (const line of complete) {
          lines.push(line);
          // The last line of a reply has a space after its code; then the next command goes.
          if (/^\d{3} /.test(line)) {
            const next = commands.shift();
            if (next) socket.write(`${next}\r\n`);
          }
        }
      });
      socket.on('close', () => resolve(lines));
      socket.on('error', reject);
    });
    expect(
      answers.some((line) => line.startsWith('250-SIZE 26214400') || line.startsWith('250 SIZE 26214400')),
    ).toBe(true);
    expect(answers.find((line) => line.startsWith('552'))).toBeDefined();
  });

  // That the listener streams such a mail past without holding it is measured on the built server by
  // `npm run bench -- mail-intake`: here the test runner's own heap would drown the figure.
  it('refuses a 50 MB mail with 552 and keeps nothing of it', async () => {
    const arrivalsBefore = (
      await tenancy.call('GET', '/api/mail/admin/arrivals', undefined, tenancy.adminSession)
    ).json().data.total;
    const client = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import nodemailer from 'nodemailer';
         import { Readable } from 'node:stream';
         const chunk = Buffer.alloc(${MEGABYTE}, 0x41);
         const content = Readable.from((function* () { for (let i = 0; i < 50; i += 1) yield chunk; })());
         const transport = nodemailer.createTransport({ host: '127.0.0.1', port: ${listener.port}, ignoreTLS: true });
         transport.sendMail({ from: '${tenancy.user.email}', to: '${address}', subject: 'huge', text: 'x',
           attachments: [{ filename: 'huge.pdf', content }] })
           .then(() => console.log(JSON.stringify({ responseCode: 250 })))
           .catch((error) => console.log(JSON.stringify({ responseCode: error.responseCode })));`,
      ],
      { encoding: 'utf8', timeout: 110_000, cwd: process.cwd() },
    );
    expect(JSON.parse(client.stdout.trim())).toEqual({ responseCode: 552 });
    expect(await readdir(spoolDir())).toEqual([]);
    const arrivalsAfter = (
      await tenancy.call('GET', '/api/mail/admin/arrivals', undefined, tenancy.adminSession)
    ).json().data.total;
    expect(arrivalsAfter).toBe(arrivalsBefore);
    const refusals = await tenancy.call('GET', '/api/mail/admin/refusals', undefined, tenancy.adminSession);
    expect(refusals.json().data[0]).toMatchObject({
      stage: 'smtp',
      smtpCode: 552,
      sender: tenancy.user.email,
    });
  }, 120_000);

  it('takes at most 20 attachments from one mail', async () => {
    await send({
      from: tenancy.user.email,
      attachments: Array.from({ length: 21 }, (_, index) => ({ filename: `${index}.png`, content: png })),
    });
    await processMail();
    const arrival = await lastArrival();
    expect(arrival.inboxItem.status).toBe('refused');
    expect(arrival.inboxItem.reason).toContain('21');
  });

  it('shows the admin every address, the arrivals and the forwarding view', async () => {
    const addresses = await tenancy.call(
      'GET',
      `/api/mail/admin/addresses?search=${address.split('@')[0]}`,
      undefined,
      tenancy.adminSession,
    );
    expect(addresses.json().data.rows[0]).toMatchObject({ companyId: tenancy.companyId, address });
    expect(addresses.json().data.rows[0].arrivals).toBeGreaterThan(5);
    const forwarding = await tenancy.call('GET', '/api/mail/forward', undefined, tenancy.adminSession);
    expect(forwarding.statusCode).toBe(200);
    expect(forwarding.json().data).toMatchObject({ domain: DOMAIN });
    expect(forwarding.json().data.days[0].received).toBeGreaterThan(5);
  });

  it('finishes a mail the listener kept when the server stopped before processing it', async () => {
    const member = await givenUser(context.db);
    await addCompanyUser(context.db, tenancy.companyId, member.id);
    const before = (await forwardedVouchers()).total;
    await send({
      from: member.email,
      attachments: [{ filename: 'etter-krasj.png', content: await newReceiptImage() }],
    });
    // Answered 250 with nothing processed yet: the arrival and its job are in the database.
    const waiting = await lastArrival();
    expect(waiting.inboxItem.status).toBe('received');
    const crawled = await tenancy.call(
      'GET',
      `/api/main/voucher/crawlVoucherEmail?companyId=${tenancy.companyId}`,
    );
    expect(crawled.json().data.queued).toBe(0);
    await processMail();
    expect((await forwardedVouchers()).total).toBe(before + 1);
  });
});
