import { type AddressObject, type EmailAddress, simpleParser } from 'mailparser';
import type { HeaderField, MailAddress, StoredMail } from './mailbox';

export type Envelope = { from: string | null; to: string[] };

/** An encoded word of RFC 2047: =?charset?B|Q?text?= (charset may carry an RFC 2231 *language). */
const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

function bytesOfEncodedText(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  // Q: like quoted-printable, with "_" for a space.
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    const hex = text.slice(index + 1, index + 3);
    if (character === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(character === '_' ? 0x20 : character.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBytes(charset: string, bytes: Buffer[]): string | undefined {
  try {
    return new TextDecoder(charset).decode(Buffer.concat(bytes));
  } catch {
    return undefined;
  }
}

/**
 * A header value with its encoded words decoded. Adjacent words in one charset are decoded
 * together, since a sender may split a multi-byte letter (an ø in UTF-8) across two of them, and
 * the space between encoded words is not part of the text (RFC 2047, 6.2).
 */
export function decodeHeaderValue(value: string): string {
  let decoded = '';
  let run: { charset: string; bytes: Buffer[]; words: string } | undefined;
  let position = 0;
  const endRun = () => {
    if (run) decoded += decodeBytes(run.charset, run.bytes) ?? run.words;
    run = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [word, charsetWithLanguage = '', encoding = '', text = ''] = match;
    const between = value.slice(position, match.index);
    const charset = charsetWithLanguage.split('*')[0]?.toLowerCase() ?? '';
    const onlySpaceBetween = between.trim() === '';
    if (!run || !onlySpaceBetween || run.charset !== charset) {
      const followsEncodedWord = run !== undefined;
      endRun();
      if (!(followsEncodedWord && onlySpaceBetween)) decoded += between;
      run = { charset, bytes: [], words: '' };
    }
    run.bytes.push(bytesOfEncodedText(encoding, text));
    run.words += word;
    position = match.index + word.length;
  }
  endRun();
  return decoded + value.slice(position);
}

function headerFieldsOf(lines: ReadonlyArray<{ line: string }>): HeaderField[] {
  return lines.map(({ line }) => {
    const unfolded = line.replace(/\r?\n(?=[ \t])/g, '');
    const colon = unfolded.indexOf(':');
    const name = colon < 0 ? unfolded : unfolded.slice(0, colon);
    return { name: name.trim(), value: decodeHeaderValue(colon < 0 ? '' : unfolded.slice(colon + 1).trim()) };
  });
}

function addressesOf(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const flatten = (entries: EmailAddress[]): MailAddress[] =>
    entries.flatMap((entry) =>
      entry.group ? flatten(entry.group) : [{ name: entry.name, address: entry.address ?? '' }],
    );
  if (!header) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((object) => flatten(object.value));
}

/** A received message as the mail catcher keeps it. Throws when it cannot be read as a message. */
export async function readReceivedMail(
  raw: Buffer,
  envelope: Envelope,
  details: { id: string; receivedAt: string; authenticatedAs: string | null },
): Promise<StoredMail> {
  // The HTML is kept as sent (cid: links and all), so a test reads back exactly what it sent.
  const parsed = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  return {
    ...details,
    envelope,
    messageId: parsed.messageId ?? null,
    from: addressesOf(parsed.from),
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    replyTo: addressesOf(parsed.replyTo),
    subject: parsed.subject ?? '',
    date,
    size: raw.length,
    headers: headerFieldsOf(parsed.headerLines),
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      disposition: attachment.contentDisposition ?? 'attachment',
      contentId: attachment.cid ?? null,
      size: attachment.size,
      contentBase64: attachment.content.toString('base64'),
    })),
    rawBase64: raw.toString('base64'),
  };
}
