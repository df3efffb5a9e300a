import { existsSync } from 'node:fs';
import { readdir, utimes } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { VoucherSource } from '@bilag/contracts';
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, inboxItems, jobs, storedFiles, vouchers } from '../../db/schema';
import {
  type CrashScene,
  crashTestsCanRun,
  holdTable,
  startCrashScene,
  until,
  untilWaitingToWrite,
} from '../../test/server-process';
import { MAIL_PROCESS_JOB } from './mail-processing.service';

/**
 * The server is a real process here, started as `npm start` starts it, and a receipt arrives at its SMTP
 * listener. It is killed with SIGKILL at the two worst moments of an intake: while the mail is still
 * arriving, and while the kept mail is being made into vouchers. Neither may leave anything half done;
 * what was answered 250 is finished by the restarted server, once, and what was not is sent again by its
 * sender.
 *
 * It makes its own PostgreSQL database whatever driver the run is for, so it runs in the embedded pass
 * only, and not at all where no PostgreSQL server answers.
 */

const BAKERY_ALIAS = 'nordlys-bakeri';
/** The demo bakery's accountant: a member, so the mail's receipts become vouchers without a review. */
const SENDER = 'regnskap@demo.no';
const RECIPIENT = `${BAKERY_ALIAS}@inbox.bilag.local`;

const canRun = await crashTestsCanRun();

/** Receipt photos no other mail of the run has sent, so none is taken for a document seen before. */
let imageSeed = 0;
async function receiptImages(howMany: number) {
  const images: Buffer[] = [];
  for (let index = 0; index < howMany; index += 1) {
    imageSeed += 1;
    images.push(
      await sharp({
        create: {
          width: 300 + imageSeed,
          height: 400,
          channels: 3,
          background: { r: imageSeed, g: 90, b: 40 },
        },
      })
        .png()
        .toBuffer(),
    );
  }
  return images;
}

/** An SMTP client that can stop in the middle of a mail: reads each reply before the next command. */
async function smtpSession(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  let answered = 0;
  const nextReply = () =>
    until('the listener to answer', async () => {
      const lines = received.split('\r\n').filter((line) => /^\d{3} /.test(line));
      if (lines.length <= answered) return undefined;
      answered += 1;
      return lines[answered - 1];
    });
  await nextReply();
  const command = async (line: string) => {
    socket.write(`${line}\r\n`);
    return nextReply();
  };
  return { socket, command };
}

describe.skipIf(!canRun)('a server killed while a mail arrives or is made into vouchers', () => {
  let scene: CrashScene | undefined;
  let bakeryId = 0;

  beforeAll(async () => {
    scene = await startCrashScene();
    const [bakery] = await scene.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.alias, BAKERY_ALIAS));
    if (!bakery) throw new Error('the demo data has no bakery');
    bakeryId = bakery.id;
  }, 60_000);

  afterAll(() => scene?.close());

  function sendMail(mail: { subject: string; images: Buffer[] }) {
    if (!scene) throw new Error('the set-up did not finish');
    return nodemailer
      .createTransport({ host: '127.0.0.1', port: scene.mailPort, secure: false, ignoreTLS: true })
      .sendMail({
        from: SENDER,
        to: RECIPIENT,
        subject: mail.subject,
        text: 'Kvitteringer vedlagt.',
        attachments: mail.images.map((content, index) => ({
          filename: `kvittering-${index + 1}.png`,
          content,
        })),
      });
  }

  /** The latest arrival's id; a mail's subject is read only when it is processed. */
  async function lastArrivalId() {
    if (!scene) throw new Error('the set-up did not finish');
    const [row] = await scene.database.db
      .select({ last: max(inboxItems.id) })
      .from(inboxItems)
      .where(eq(inboxItems.companyId, bakeryId));
    return row?.last ?? 0;
  }

  async function arrivalsAfter(arrivalId: number) {
    if (!scene) throw new Error('the set-up did not finish');
    return scene.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.companyId, bakeryId), gt(inboxItems.id, arrivalId)));
  }

  async function emailVoucherCount() {
    if (!scene) throw new Error('the set-up did not finish');
    const [row] = await scene.database.db
      .select({ vouchers: count() })
      .from(vouchers)
      .where(and(eq(vouchers.companyId, bakeryId), eq(vouchers.source, VoucherSource.EMAIL)));
    return row?.vouchers ?? 0;
  }

  /** Every file a voucher of the arrival points at is on disk: what the books name was kept. */
  async function expectFilesOf(voucherIds: number[]) {
    if (!scene) throw new Error('the set-up did not finish');
    for (const voucherId of voucherIds) {
      const files = await scene.database.db
        .select({ storageKey: storedFiles.storageKey })
        .from(storedFiles)
        .where(and(eq(storedFiles.companyId, bakeryId), eq(storedFiles.ownerId, voucherId)));
      expect(files).toHaveLength(1);
      for (const file of files)
        expect(existsSync(path.join(scene.dataDir, 'files', file.storageKey))).toBe(true);
    }
  }

  it('keeps nothing of a mail cut off while it arrives, and makes the sender’s retry into vouchers once', async () => {
    if (!scene) throw new Error('the set-up did not finish');
    const spoolDir = path.join(scene.dataDir, 'mail-spool');
    const subject = 'Kvitteringer, avbrutt underveis';
    const images = await receiptImages(2);
    const vouchersBefore = await emailVoucherCount();
    const arrivedBefore = await lastArrivalId();

    const session = await smtpSession(scene.mailPort);
    expect(await session.command('EHLO sender.example')).toMatch(/^250 /);
    expect(await session.command(`MAIL FROM:<${SENDER}>`)).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<${RECIPIENT}>`)).toMatch(/^250 /);
    expect(await session.command('DATA')).toMatch(/^354 /);
    // Half of a mail: its headers and the start of an attachment, and no end of data.
    session.socket.write(
      [
        `From: ${SENDER}`,
        `To: ${RECIPIENT}`,
        `Subject: ${subject}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="cut"',
        '',
        '--cut',
        'Content-Type: image/png; name="kvittering-1.png"',
        'Content-Transfer-Encoding: base64',
        '',
        ...(images[0]?.toString('base64').match(/.{1,76}/g) ?? []),
        '',
      ].join('\r\n'),
    );
    const spoolFile = await until('the listener to spool the mail', async () => {
      const [name] = (await readdir(spoolDir)).filter((file) => file.endsWith('.eml'));
      return name === undefined ? undefined : path.join(spoolDir, name);
    });
    scene.server.child.kill('SIGKILL');
    expect(await scene.server.exited).toBe('SIGKILL');
    session.socket.destroy();

    // Nothing of the mail was kept and nothing was promised: its sender sends it again.
    expect(await arrivalsAfter(arrivedBefore)).toEqual([]);
    expect(await emailVoucherCount()).toBe(vouchersBefore);
    expect(existsSync(spoolFile)).toBe(true);

    // The next start clears what no live session can be writing, ten minutes on.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(spoolFile, tenMinutesAgo, tenMinutesAgo);
    await scene.restart();
    expect(await readdir(spoolDir)).toEqual([]);

    const retry = await sendMail({ subject, images });
    expect(retry.response).toMatch(/^250 /);
    const [arrival] = await until('the retried mail to become vouchers', async () => {
      const arrivals = await arrivalsAfter(arrivedBefore);
      return arrivals.length === 0 || arrivals.some((item) => item.status === 'received')
        ? undefined
        : arrivals;
    });
    expect(arrival).toMatchObject({ status: 'voucher-created', subject });
    expect(arrival?.voucherIds).toHaveLength(2);
    expect(await emailVoucherCount()).toBe(vouchersBefore + 2);
    await expectFilesOf(arrival?.voucherIds ?? []);
  }, 60_000);

  it('makes no voucher of a mail whose processing is killed, and the restarted server makes them once', async () => {
    if (!scene) throw new Error('the set-up did not finish');
    const { db } = scene.database;
    const subject = 'Kvitteringer, avbrutt i behandlingen';
    const vouchersBefore = await emailVoucherCount();
    const arrivedBefore = await lastArrivalId();
    const thisMail = (inboxItemId: number) =>
      and(eq(jobs.name, MAIL_PROCESS_JOB), sql`${jobs.payload}->>'inboxItemId' = ${String(inboxItemId)}`);

    // The test holds the voucher table, so the processing waits in its transaction, vouchers half made,
    // until the kill.
    const voucherTable = await holdTable(db, 'vouchers');
    const sent = await sendMail({ subject, images: await receiptImages(3) });
    expect(sent.response).toMatch(/^250 /);
    await untilWaitingToWrite(db, 'vouchers');
    scene.server.child.kill('SIGKILL');
    expect(await scene.server.exited).toBe('SIGKILL');
    await voucherTable.release();

    // The mail was kept (it was answered 250), and nothing of its processing stayed.
    const [kept, ...more] = await arrivalsAfter(arrivedBefore);
    expect(more).toEqual([]);
    if (!kept) throw new Error('the mail answered 250 was not kept');
    expect(kept).toMatchObject({ status: 'received', voucherIds: [] });
    expect(await emailVoucherCount()).toBe(vouchersBefore);
    const [interrupted] = await db.select().from(jobs).where(thisMail(kept.id));
    expect(interrupted).toMatchObject({ state: 'running', attempts: 1 });

    await scene.restart();
    // The dead process's lock would pass in five minutes; the test lets it pass now.
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(thisMail(kept.id));
    const finished = await until(
      'the restarted server to process the mail',
      async () => {
        const [job] = await db.select().from(jobs).where(thisMail(kept.id));
        return job?.state === 'done' ? job : undefined;
      },
      20_000,
    );
    expect(finished).toMatchObject({ attempts: 2, lastError: null });
    const [arrival] = await arrivalsAfter(arrivedBefore);
    expect(arrival).toMatchObject({ id: kept.id, status: 'voucher-created', subject });
    expect(arrival?.voucherIds).toHaveLength(3);
    expect(await emailVoucherCount()).toBe(vouchersBefore + 3);
    await expectFilesOf(arrival?.voucherIds ?? []);
  }, 60_000);
});
