import type { SandboxContext } from '../platform/context';

/**
 * What the mail catcher keeps of each message it received, in the sandbox's store. Everything is
 * plain JSON (the store is written to a file): times as ISO strings, bytes as base64.
 */
export type MailAddress = { name: string; address: string };

export type StoredAttachment = {
  filename: string;
  contentType: string;
  /** `inline` for a part the HTML shows (a logo by cid:), `attachment` otherwise. */
  disposition: string;
  /** The Content-ID without angle brackets, which the HTML refers to as cid:…; null when none. */
  contentId: string | null;
  size: number;
  contentBase64: string;
};

export type HeaderField = { name: string; value: string };

export type StoredMail = {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the client said it sends for and to (Bcc recipients are only here). */
  envelope: { from: string | null; to: string[] };
  /** The user the client logged in as (AUTH), when it did. */
  authenticatedAs: string | null;
  messageId: string | null;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  /** The Date header, when the message had a readable one. */
  date: string | null;
  /** Bytes of the message as received. */
  size: number;
  /** Every header of the message in its order, unfolded and with encoded words decoded. */
  headers: HeaderField[];
  text: string | null;
  html: string | null;
  attachments: StoredAttachment[];
  /** The message exactly as received after DATA, base64. */
  rawBase64: string;
};

export type MailFilter = {
  /** Part of a recipient's address (envelope, To or Cc), any case. */
  to?: string | undefined;
  /** Part of the subject, any case. */
  subject?: string | undefined;
};

export type Mailbox = {
  add(mail: StoredMail): void;
  get(id: string): StoredMail | undefined;
  /** The messages that match, newest first. */
  find(filter: MailFilter): StoredMail[];
  /** Forgets every message; answers how many there were. */
  clear(): number;
  /**
   * Resolves once a message matching the filter is in the box, or after `waitMs`, or when the
   * signal aborts, whichever comes first, so a test can wait for mail without polling.
   */
  waitFor(filter: MailFilter, waitMs: number, signal?: AbortSignal): Promise<void>;
  /** Lets every waiter go (the sandbox is closing). */
  release(): void;
};

/** The most messages kept; the oldest go first. */
export const MAX_MESSAGES = 1000;
/**
 * The most bytes kept across messages, roughly (the base64 of raw messages and attachments). The
 * whole store is one JSON file rewritten after each change, so a few big messages would otherwise
 * make every write of every party slow.
 */
export const MAX_STORED_BYTES = 100 * 1024 * 1024;

function storedBytesOf(mail: StoredMail): number {
  return (
    mail.rawBase64.length +
    mail.attachments.reduce((sum, attachment) => sum + attachment.contentBase64.length, 0) +
    (mail.text?.length ?? 0) +
    (mail.html?.length ?? 0)
  );
}

function recipientsOf(mail: StoredMail): string[] {
  return [...mail.envelope.to, ...mail.to.map((entry) => entry.address), ...mail.cc.map((e) => e.address)];
}

function matches(mail: StoredMail, filter: MailFilter): boolean {
  const to = filter.to?.trim().toLowerCase();
  if (to && !recipientsOf(mail).some((address) => address.toLowerCase().includes(to))) return false;
  const subject = filter.subject?.trim().toLowerCase();
  if (subject && !mail.subject.toLowerCase().includes(subject)) return false;
  return true;
}

const mailboxes = new WeakMap<SandboxContext, Mailbox>();

/**
 * The one mailbox of a sandbox: the SMTP side puts messages in, the API and pages read them, and a
 * waiting API call hears about a new message at once. Both sides are given the same context.
 */
export function mailboxOf(context: SandboxContext): Mailbox {
  let mailbox = mailboxes.get(context);
  if (!mailbox) {
    mailbox = createMailbox(context);
    mailboxes.set(context, mailbox);
  }
  return mailbox;
}

function createMailbox(context: SandboxContext): Mailbox {
  const messages = context.store.collection<StoredMail>('mail');
  /** Each waiting call: `wake` checks for its match, `finish` lets it go. */
  const waiters = new Set<{ wake(): void; finish(): void }>();

  function dropOldest() {
    let storedBytes = 0;
    for (const mail of messages.values()) storedBytes += storedBytesOf(mail);
    // The map keeps insertion order, so its first entry is the oldest message.
    for (const [id, mail] of messages) {
      if (messages.size <= MAX_MESSAGES && storedBytes <= MAX_STORED_BYTES) break;
      messages.delete(id);
      storedBytes -= storedBytesOf(mail);
    }
  }

  return {
    add(mail) {
      messages.set(mail.id, mail);
      dropOldest();
      context.store.changed();
      for (const waiter of [...waiters]) waiter.wake();
    },
    get: (id) => messages.get(id),
    find: (filter) => [...messages.values()].filter((mail) => matches(mail, filter)).reverse(),
    clear() {
      const count = messages.size;
      messages.clear();
      context.store.changed();
      return count;
    },
    waitFor(filter, waitMs, signal) {
      const hasMatch = () => [...messages.values()].some((mail) => matches(mail, filter));
      if (waitMs <= 0 || hasMatch() || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          wake: () => {
            if (hasMatch()) waiter.finish();
          },
          finish: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            signal?.removeEventListener('abort', waiter.finish);
            resolve();
          },
        };
        const timer = setTimeout(waiter.finish, waitMs);
        waiters.add(waiter);
        signal?.addEventListener('abort', waiter.finish);
      });
    },
    release() {
      for (const waiter of [...waiters]) waiter.finish();
    },
  };
}
