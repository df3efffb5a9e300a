import addressparser from 'nodemailer/lib/addressparser';
import { Errors } from '../../platform/errors';
import type { MailAttachment, OutgoingMail } from './interface';

/**
 * The checks a message passes before anything is sent. A value with a line break could add
 * headers or recipients of its own (header injection), so every value that ends up in a header is
 * one line; sizes are bounded so one message cannot take the server's memory or the mail server's
 * limit (10 MB is common; base64 makes attachments a third larger on the way).
 */
export const MAX_RECIPIENTS = 50;
export const MAX_SUBJECT_LENGTH = 500;
export const MAX_HEADERS = 20;
const MAX_HEADER_NAME_LENGTH = 76;
const MAX_HEADER_VALUE_LENGTH = 998;
export const MAX_ATTACHMENTS = 20;
const MAX_FILENAME_LENGTH = 255;
/** Text, HTML and attachments together, before encoding. */
export const MAX_MAIL_BYTES = 7 * 1024 * 1024;

/** Letters of any script, digits and the other characters RFC 5322 allows unquoted in a local part. */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** A header field name; RFC 5322 allows any printable ASCII but the colon, every header in use is this. */
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
/** Control characters (line breaks among them) and the invisible format characters. */
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Headers the client builds the message from; a caller's own value would contradict them. */
const RESERVED_HEADERS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'return-path',
  'received',
]);

export function isMailAddress(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  const localPart = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  return (
    at > 0 &&
    localPart.length <= 64 &&
    LOCAL_PART.test(localPart) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label))
  );
}

/** A value a person is shown in an error message: on one line and not too long. */
function oneLine(text: string, maxLength: number): string {
  return text.replace(new RegExp(NOT_ONE_LINE.source, 'gu'), ' ').slice(0, maxLength);
}

function addressesOf(value: string | readonly string[] | undefined): string[] {
  const addresses = value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
  for (const address of addresses) {
    if (!isMailAddress(address))
      throw Errors.invalid('mailAddressInvalid', { address: oneLine(address, 254) });
  }
  return addresses;
}

function checkedHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const entries = Object.entries(headers ?? {});
  if (entries.length > MAX_HEADERS) throw Errors.invalid('mailTooManyHeaders', { max: MAX_HEADERS });
  for (const [name, value] of entries) {
    if (
      name.length > MAX_HEADER_NAME_LENGTH ||
      !HEADER_NAME.test(name) ||
      value.length > MAX_HEADER_VALUE_LENGTH ||
      NOT_ONE_LINE.test(value.replace(/\t/g, ' '))
    ) {
      throw Errors.invalid('mailHeaderInvalid', { name: oneLine(name, MAX_HEADER_NAME_LENGTH) });
    }
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw Errors.invalid('mailHeaderReserved', { name });
  }
  return Object.fromEntries(entries);
}

function checkedAttachment({ filename, contentType, content }: MailAttachment): MailAttachment {
  if (
    filename.trim() === '' ||
    filename.length > MAX_FILENAME_LENGTH ||
    NOT_ONE_LINE.test(filename) ||
    !MEDIA_TYPE.test(contentType)
  ) {
    throw Errors.invalid('mailAttachmentInvalid', { name: oneLine(filename, 100) });
  }
  return { filename, contentType, content };
}

/** The message as it may be sent: every value checked, nothing added yet. */
export type CheckedMail = {
  to: string[];
  cc: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string | undefined;
  attachments: MailAttachment[];
  headers: Record<string, string>;
};

/** Checks a message; throws a validation error (a 400 in the person's language) for what cannot be sent. */
export function checkOutgoingMail(mail: OutgoingMail): CheckedMail {
  const to = addressesOf(mail.to);
  const cc = addressesOf(mail.cc);
  if (to.length === 0) throw Errors.invalid('mailNoRecipients');
  if (to.length + cc.length > MAX_RECIPIENTS)
    throw Errors.invalid('mailTooManyRecipients', { max: MAX_RECIPIENTS });
  const [replyTo] = addressesOf(mail.replyTo);
  if (mail.subject.length > MAX_SUBJECT_LENGTH || NOT_ONE_LINE.test(mail.subject)) {
    throw Errors.invalid('mailSubjectInvalid', { max: MAX_SUBJECT_LENGTH });
  }
  const attachments = (mail.attachments ?? []).map(checkedAttachment);
  if (attachments.length > MAX_ATTACHMENTS)
    throw Errors.invalid('mailTooManyAttachments', { max: MAX_ATTACHMENTS });
  const bytes =
    Buffer.byteLength(mail.text) +
    Buffer.byteLength(mail.html ?? '') +
    attachments.reduce((sum, attachment) => sum + attachment.content.length, 0);
  if (bytes > MAX_MAIL_BYTES) {
    throw Errors.tooLarge('mailTooLarge', { megabytes: MAX_MAIL_BYTES / 1024 / 1024 });
  }
  return {
    to,
    cc,
    replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments,
    headers: checkedHeaders(mail.headers),
  };
}

export type Sender = { name: string; address: string };

/**
 * The configured sender ("Bilag <no-reply@bilag.no>" or a bare address). A wrong one is a fault of
 * the installation, found when the client is made rather than at the first mail.
 */
export function senderOf(from: string): Sender {
  const parsed = NOT_ONE_LINE.test(from) ? [] : addressparser(from, { flatten: true });
  const [sender] = parsed;
  if (parsed.length !== 1 || !sender?.address || !isMailAddress(sender.address)) {
    throw new Error(`MAIL_FROM is not one e-mail address: ${JSON.stringify(from)}`);
  }
  return { name: sender.name, address: sender.address };
}
