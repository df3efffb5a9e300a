import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import type { MessageKey } from '../../platform/messages';
import { ProviderError } from '../provider-error';
import type { MailClient, MailReceipt, OutgoingMail } from './interface';
import { checkOutgoingMail, senderOf } from './outgoing-mail';

/**
 * The product's SMTP client (nodemailer's SMTP transport) for the server in `settings.mail.smtpUrl`:
 * smtp://host:port uses STARTTLS when the server offers it, smtps:// TLS from the start, and
 * credentials in the URL log in (smtp://user:password@host:587; ?requireTLS=true insists on TLS).
 *
 * A temporary failure (no connection, a timeout, a 4xx reply) is tried again with backoff; every
 * attempt carries the same Message-ID, so a server or a recipient that sees a message twice (the
 * connection broke after the server took it) can tell it is one message.
 */
export type MailClientOptions = {
  /** Tests make backoff instant; production waits. */
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
};

const DEFAULT_MAX_ATTEMPTS = 4;
const BACKOFF_BASE_MS = 500;

/** The nodemailer errors that end a connection rather than refuse what was sent over it. */
const CONNECTION_FAILURES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 500 ms, 1 s, 2 s… with up to a quarter added at random so retries of many mails spread out. */
function backoff(attempt: number): number {
  const base = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  return base + Math.random() * base * 0.25;
}

/** What nodemailer tells about a failure: the SMTP command, the server's reply and its class. */
const SmtpFailure = z.object({
  code: z.string().optional(),
  command: z.string().optional(),
  response: z.string().optional(),
  responseCode: z.number().optional(),
  permanent: z.boolean().optional(),
});

/** What the server answered for a message it took. */
const SentInfo = z.object({
  messageId: z.string().min(1),
  accepted: z.array(z.union([z.string(), z.object({ address: z.string() })])),
  rejected: z.array(z.union([z.string(), z.object({ address: z.string() })])),
});

const addressOf = (entry: string | { address: string }) =>
  typeof entry === 'string' ? entry : entry.address;

/** Which part of the message a permanent refusal was about, in the product's words. */
function refusalReason(command: string | undefined, responseCode: number | undefined, reply: string) {
  const tooLarge = responseCode === 552 || responseCode === 523 || /\b5\.(3\.4|2\.3)\b/.test(reply);
  if (command === 'RCPT TO') return 'mailRecipientRefused' satisfies MessageKey;
  if (tooLarge) return 'mailMessageTooLargeForServer' satisfies MessageKey;
  if (command === 'MAIL FROM') return 'mailSenderRefused' satisfies MessageKey;
  return 'mailMessageRefused' satisfies MessageKey;
}

/** The ProviderError for a failed attempt, and whether the same message may get through if tried again. */
function failureOf(cause: unknown, requestId: string): { error: ProviderError; temporary: boolean } {
  const parsed = SmtpFailure.safeParse(cause);
  const failure = parsed.success ? parsed.data : {};
  const reply = failure.response?.trim();
  const base = {
    party: 'mail' as const,
    requestId,
    cause,
    partyCode: failure.responseCode === undefined ? undefined : String(failure.responseCode),
    partyText: reply,
  };
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH') {
    // 454 is a login the server could not check right now, not a wrong password.
    const temporary = failure.responseCode !== undefined && failure.responseCode < 500;
    return {
      error: new ProviderError({ ...base, failure: temporary ? 'unavailable' : 'credentials' }),
      temporary,
    };
  }
  if (failure.responseCode !== undefined) {
    if (failure.permanent) {
      const reasonKey = refusalReason(failure.command, failure.responseCode, reply ?? '');
      return { error: new ProviderError({ ...base, failure: 'rejected', reasonKey }), temporary: false };
    }
    return { error: new ProviderError({ ...base, failure: 'unavailable' }), temporary: true };
  }
  // The server announced a size limit (EHLO SIZE) the message is over; nodemailer stops before sending it.
  if (failure.code === 'EMESSAGE' && failure.command === 'MAIL FROM') {
    const error = new ProviderError({
      ...base,
      failure: 'rejected',
      partyText: cause instanceof Error ? cause.message : undefined,
      reasonKey: 'mailMessageTooLargeForServer',
    });
    return { error, temporary: false };
  }
  if (failure.code !== undefined && CONNECTION_FAILURES.has(failure.code)) {
    return { error: new ProviderError({ ...base, failure: 'unavailable' }), temporary: true };
  }
  // TLS that cannot be agreed on, or answers outside SMTP: trying again would only fail again.
  return { error: new ProviderError({ ...base, failure: 'protocol' }), temporary: false };
}

export function createMailClient(settings: ProviderSettings, options: MailClientOptions = {}): MailClient {
  const sender = senderOf(settings.mail.from);
  const senderDomain = sender.address.slice(sender.address.lastIndexOf('@') + 1);
  const sleep = options.sleep ?? wait;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const transporter = nodemailer.createTransport({
    url: settings.mail.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
    // The content is always given as bytes; nothing may make the transport read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });

  async function send(mail: OutgoingMail): Promise<MailReceipt> {
    const checked = checkOutgoingMail(mail);
    const requestId = crypto.randomUUID();
    const message = {
      from: sender,
      to: checked.to,
      cc: checked.cc,
      replyTo: checked.replyTo,
      subject: checked.subject,
      text: checked.text,
      html: checked.html,
      headers: checked.headers,
      attachments: checked.attachments.map((attachment) => ({
        ...attachment,
        contentDisposition: 'attachment' as const,
      })),
      messageId: `<${requestId}@${senderDomain}>`,
      date: new Date(),
    };

    for (let attempt = 1; ; attempt += 1) {
      let info: unknown;
      try {
        info = await transporter.sendMail(message);
      } catch (cause) {
        const { error, temporary } = failureOf(cause, requestId);
        if (!temporary || attempt >= maxAttempts) throw error;
        await sleep(backoff(attempt));
        continue;
      }
      const sent = SentInfo.safeParse(info);
      if (!sent.success) {
        throw new ProviderError({ party: 'mail', failure: 'protocol', requestId, cause: sent.error });
      }
      return {
        messageId: sent.data.messageId,
        accepted: sent.data.accepted.map(addressOf),
        rejected: sent.data.rejected.map(addressOf),
      };
    }
  }

  async function verify(): Promise<void> {
    try {
      await transporter.verify();
    } catch (cause) {
      throw failureOf(cause, crypto.randomUUID()).error;
    }
  }

  return { send, verify };
}
