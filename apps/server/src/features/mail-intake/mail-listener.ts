import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAIL_INTAKE_LIMITS } from '@bilag/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream } from 'smtp-server';
import type { Db } from '../../db/client';
import type { ObjectStore } from '../../platform/object-store';
import * as repository from './mail-intake.repository';
import { recordIncomingMail } from './mail-processing.service';

export type MailListener = {
  /** The port it listens on (useful when started on port 0). */
  port: number;
  close(): Promise<void>;
};

export type MailListenerOptions = {
  db: Db;
  store: ObjectStore;
  host: string;
  port: number;
  domain: string;
  log?: FastifyBaseLogger | undefined;
  /** Where a message is spooled while it arrives, beside the product's other data. */
  spoolDir: string;
};

const MEGABYTE = 1024 * 1024;
/** A session that sends nothing for this long is closed, so no live session writes an older spool file. */
const SOCKET_TIMEOUT_MS = 60_000;
/**
 * A spool file untouched for this long belongs to no live session, in this process or another on the
 * same folder: it is what a process killed while a mail arrived left behind.
 */
const ABANDONED_SPOOL_MS = 2 * SOCKET_TIMEOUT_MS;

/**
 * Removes what a killed process left half written in the spool. The mail it held was never answered
 * 250, so its sender tries again; nothing was kept of it.
 */
async function clearAbandonedSpool(spoolDir: string, log: FastifyBaseLogger | undefined) {
  const names = await readdir(spoolDir);
  let removed = 0;
  for (const name of names.filter((candidate) => candidate.endsWith('.eml'))) {
    const file = path.join(spoolDir, name);
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified < ABANDONED_SPOOL_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  if (removed > 0) log?.warn({ removed }, 'removed mail left half received by a stopped process');
}

type SmtpError = Error & { responseCode: number };

function smtpError(responseCode: number, message: string): SmtpError {
  return Object.assign(new Error(message), { responseCode });
}

type SessionCompany = { companyId: number; address: string };

/**
 * The spool is written in pieces of at least this size: SMTP hands a mail over in the small pieces the
 * socket read, and a write to disk per piece cost more than everything else the listener does with a
 * mail. The pieces held are passed on together, so the file stream writes them with one call.
 */
const SPOOL_WRITE_BYTES = 256 * 1024;

/**
 * Counts the bytes going through and, once past the limit, passes nothing more on: the rest of the
 * message is read from the socket and dropped, so a huge mail never sits in memory or on disk.
 */
function limitedTo(maxBytes: number) {
  let seen = 0;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const release = (stream: Transform) => {
    for (const piece of held) stream.push(piece);
    held = [];
    heldBytes = 0;
  };
  return Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen <= maxBytes) {
          held.push(chunk);
          heldBytes += chunk.length;
          if (heldBytes >= SPOOL_WRITE_BYTES) release(this);
        }
        callback();
      },
      flush(callback) {
        release(this);
        callback();
      },
    }),
    { bytesSeen: () => seen },
  );
}

/**
 * The product's SMTP listener for receipts forwarded to a company's address. It answers at the door:
 * a recipient that is no company's address gets 550, a mail announced or found larger than the limit
 * 552; everything else is spooled to disk, kept in the object store with its arrival and processing job,
 * and only then answered 250.
 */
export async function startMailListener(options: MailListenerOptions): Promise<MailListener> {
  const { db, store, domain, log } = options;
  const { spoolDir } = options;
  await mkdir(spoolDir, { recursive: true });
  await clearAbandonedSpool(spoolDir, log);
  const companiesOf = new WeakMap<object, SessionCompany[]>();

  const refuse = async (refusal: repository.NewSmtpRefusal) => {
    try {
      await repository.insertSmtpRefusal(db, refusal);
    } catch (error) {
      log?.warn({ err: error }, 'a refused mail could not be noted');
    }
  };

  const server = new SMTPServer({
    name: domain,
    banner: `Bilag receipts for @${domain}`,
    size: MAIL_INTAKE_LIMITS.maxMessageBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    maxClients: 200,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: 2_000,
    // A client announcing more than the limit (SIZE) is answered 552 by smtp-server before this runs.
    onMailFrom(_address, session, callback) {
      companiesOf.set(session, []);
      callback();
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const recipient = address.address.toLowerCase();
      const companies = companiesOf.get(session) ?? [];
      companiesOf.set(session, companies);
      if (companies.length >= MAIL_INTAKE_LIMITS.maxRecipients) {
        return callback(smtpError(452, 'Too many recipients'));
      }
      const at = recipient.lastIndexOf('@');
      const localPart = at < 0 ? '' : (recipient.slice(0, at).split('+')[0] ?? '');
      // Noted before the answer, so whoever reads the refusals after a 550 finds it.
      const refuseUnknown = () => {
        void refuse({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          recipient: recipient.slice(0, 320),
          remoteAddress: session.remoteAddress,
          smtpCode: 550,
          reasonKey: 'mailIntakeUnknownRecipient',
          reasonDetails: { recipient: recipient.slice(0, 320) },
        }).then(() => callback(smtpError(550, `<${recipient}>: no such mailbox`)));
      };
      // A company that turned receiving by e-mail off has no mailbox, and the sender is told so at the door.
      const refuseTurnedOff = (companyId: number) => {
        void refuse({
          forCompanyId: companyId,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          recipient: recipient.slice(0, 320),
          remoteAddress: session.remoteAddress,
          smtpCode: 550,
          reasonKey: 'emailServiceOff',
        }).then(() => callback(smtpError(550, `<${recipient}>: mailbox disabled`)));
      };
      if (at < 0 || recipient.slice(at + 1) !== domain || localPart === '') return refuseUnknown();
      repository
        .findMailbox(db, localPart)
        .then((company) => {
          if (!company) return refuseUnknown();
          if (!company.isEmailOn) return refuseTurnedOff(company.id);
          if (!companies.some((known) => known.companyId === company.id))
            companies.push({ companyId: company.id, address: recipient });
          callback();
        })
        .catch((error) => {
          log?.error({ err: error }, 'the recipient of a mail could not be looked up');
          callback(smtpError(451, 'Temporary failure, try again later'));
        });
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const spoolPath = path.join(spoolDir, `${randomUUID()}.eml`);
      const counter = limitedTo(MAIL_INTAKE_LIMITS.maxMessageBytes);
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address.slice(0, 320) : null;
      pipeline(stream, counter, createWriteStream(spoolPath))
        .then(async () => {
          const size = counter.bytesSeen();
          if (stream.sizeExceeded || size > MAIL_INTAKE_LIMITS.maxMessageBytes) {
            const companies = companiesOf.get(session) ?? [];
            await refuse({
              forCompanyId: companies[0]?.companyId ?? null,
              envelopeFrom,
              recipient: companies.map((company) => company.address).join(', ') || null,
              remoteAddress: session.remoteAddress,
              smtpCode: 552,
              reasonKey: 'mailIntakeMessageTooLarge',
              reasonDetails: { megabytes: MAIL_INTAKE_LIMITS.maxMessageBytes / MEGABYTE, size },
            });
            return callback(
              smtpError(552, `Message exceeds the ${MAIL_INTAKE_LIMITS.maxMessageBytes} byte limit`),
            );
          }
          const arrivals = await recordIncomingMail(db, store, {
            path: spoolPath,
            size,
            envelopeFrom,
            remoteAddress: session.remoteAddress,
            recipients: companiesOf.get(session) ?? [],
          });
          callback(null, `Queued as ${arrivals.join(', ')}`);
        })
        .catch((error) => {
          log?.error({ err: error }, 'a mail could not be kept');
          // The sender's server tries again later; nothing was promised.
          callback(smtpError(451, 'Temporary failure, try again later'));
        })
        // The spool file is there unless creating it failed; nothing is left to remove then.
        .finally(() => unlink(spoolPath).catch(() => undefined));
    },
  });
  // A client that drops its connection mid-session is its own business.
  server.on('error', (error) => log?.debug({ err: error }, 'SMTP session error'));

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
