/**
 * E-mail from the product (reminders, voucher alerts, notifications, invitations, reports), sent
 * over SMTP to the mail server in the configuration, from the configured sender address.
 */

export type MailAttachment = {
  /** The name the recipient sees, for example faktura-1042.pdf. */
  filename: string;
  /** A MIME type, for example application/pdf. */
  contentType: string;
  content: Buffer;
};

export type OutgoingMail = {
  /** Plain addresses (kari@example.no), no display names. */
  to: string | readonly string[];
  cc?: string | readonly string[];
  subject: string;
  /** The plain text every mail client can show. */
  text: string;
  /** The same content as HTML, for the clients that show it. */
  html?: string;
  /** Where answers go instead of the sender address, for example the company's own address. */
  replyTo?: string;
  attachments?: readonly MailAttachment[];
  /**
   * Extra headers, such as List-Unsubscribe or X-Bilag-Reminder; the ones the message is built
   * from (From, To, Subject, Message-ID, Content-Type, …) are set by the client and refused here.
   */
  headers?: Readonly<Record<string, string>>;
};

/** What the mail server took: each recipient it accepted, and those it refused while taking the rest. */
export type MailReceipt = {
  /** The Message-ID header the message carries, angle brackets included; kept on every retry. */
  messageId: string;
  accepted: string[];
  rejected: string[];
};

/**
 * Failures are ProviderErrors with party 'mail': `unavailable` when the server could not be
 * reached or deferred the message (4xx) through every retry, `rejected` when it refused it for good
 * (5xx; the reason says what was refused), `credentials` when it refused the login. A message the
 * product must not send (an invalid address, a header with a line break, too large) is refused
 * before anything is sent, as a validation error.
 */
export type MailClient = {
  send(mail: OutgoingMail): Promise<MailReceipt>;
  /** Connects and logs in without sending, for a readiness check of the configuration. */
  verify(): Promise<void>;
};
