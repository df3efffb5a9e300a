import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream } from 'smtp-server';
import type { SandboxContext } from '../platform/context';
import { mailboxOf } from './mailbox';
import { readReceivedMail } from './receive';

export type MailCatcher = {
  /** Starts the SMTP server; 0 picks a free port. Answers the port it listens on. */
  listen(port: number): Promise<number>;
  close(): Promise<void>;
  /** The port it listens on; throws before listen. */
  port(): number;
};

/** The largest message accepted; a larger one gets 552, as from a real mail server. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How long a `slow@` recipient keeps the client waiting for the answer to RCPT TO. */
export const SLOW_ANSWER_MS = 3000;
/** The messages a `busy@` recipient has deferred once, remembered up to this many. */
const DEFERRALS_KEPT = 10_000;

/**
 * Faults by the recipient's local part, so a client's handling of each can be tried with nothing
 * but an address (a +tag is ignored: reject+invoice-7@example.no is refused as well):
 * - `reject@…`: 550, the mailbox does not exist (permanent);
 * - `busy@…`: 451 at the end of DATA the first time a message is sent (by Message-ID), accepted
 *   when the client tries again, as a greylisting or overloaded server answers;
 * - `slow@…`: the answer to RCPT TO comes after SLOW_ANSWER_MS.
 */
type RecipientFault = 'reject' | 'busy' | 'slow';

function recipientFaultOf(address: string): RecipientFault | undefined {
  const at = address.lastIndexOf('@');
  const localPart = (at < 0 ? address : address.slice(0, at)).split('+')[0]?.toLowerCase();
  return localPart === 'reject' || localPart === 'busy' || localPart === 'slow' ? localPart : undefined;
}

function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** The bytes of the message, or undefined when it went over the limit (smtp-server then answers 552). */
function readMessage(stream: SMTPServerDataStream): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      length += chunk.length;
      // Past the limit the rest is only drained, never held.
      if (length <= MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(stream.sizeExceeded ? undefined : Buffer.concat(chunks)));
  });
}

/** Which message a retry is the same as: its Message-ID, or its bytes when it has none. */
function messageKeyOf(messageId: string | null, raw: Buffer): string {
  return messageId ?? createHash('sha256').update(raw).digest('hex');
}

/**
 * The SMTP side of the mail catcher: takes mail from anyone on this machine (no TLS; AUTH is
 * offered and any login accepted, so a client configured with credentials works too) and keeps it
 * in the sandbox's mailbox for the API and pages.
 */
export function createMailCatcher(context: SandboxContext): MailCatcher {
  const mailbox = mailboxOf(context);
  const deferredOnce = new Set<string>();
  const pendingSlowAnswers = new Set<NodeJS.Timeout>();

  const server = new SMTPServer({
    name: 'mail.sandbox.bilag.local',
    banner: 'Bilag sandbox mail catcher: nothing sent here leaves this machine',
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    hideENHANCEDSTATUSCODES: false,
    disableReverseLookup: true,
    logger: false,
    // A client that keeps its connection open must not hold up the sandbox's shutdown for long.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const fault = recipientFaultOf(address.address);
      if (fault === 'reject') {
        return callback(smtpError(550, `Mailbox <${address.address}> does not exist (sandbox fault)`));
      }
      if (fault === 'slow') {
        const timer = setTimeout(() => {
          pendingSlowAnswers.delete(timer);
          callback();
        }, SLOW_ANSWER_MS);
        pendingSlowAnswers.add(timer);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      const authenticatedAs = typeof session.user === 'string' ? session.user : null;
      readMessage(stream)
        .then(async (raw) => {
          if (!raw) return callback();
          const mail = await readReceivedMail(raw, envelope, {
            id: crypto.randomUUID(),
            receivedAt: context.clock.now().toISOString(),
            authenticatedAs,
          });
          if (envelope.to.some((recipient) => recipientFaultOf(recipient) === 'busy')) {
            const key = messageKeyOf(mail.messageId, raw);
            if (!deferredOnce.has(key)) {
              if (deferredOnce.size >= DEFERRALS_KEPT) deferredOnce.clear();
              deferredOnce.add(key);
              return callback(smtpError(451, 'Busy, try again later (sandbox fault)'));
            }
          }
          mailbox.add(mail);
          callback(null, `Message queued as ${mail.id}`);
        })
        .catch(() => callback(smtpError(554, 'The message could not be read')));
    },
  });
  // A client that drops its connection mid-session is its own business, not the sandbox's.
  server.on('error', () => {});

  let boundPort: number | undefined;
  return {
    listen: (port) =>
      new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.server.off('error', reject);
          boundPort = (server.server.address() as AddressInfo).port;
          resolve(boundPort);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        for (const timer of pendingSlowAnswers) clearTimeout(timer);
        pendingSlowAnswers.clear();
        if (boundPort === undefined) return resolve();
        boundPort = undefined;
        server.close(() => resolve());
      }),
    port: () => {
      if (boundPort === undefined) throw new Error('the mail catcher is not listening');
      return boundPort;
    },
  };
}
