import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { baseUrlOf } from '../platform/pages';
import { type MailAddress, mailboxOf, type StoredMail } from './mailbox';

/** The longest a caller may wait for a message in one call. */
export const MAX_WAIT_MS = 10_000;
const SNIPPET_LENGTH = 160;

const Address = z.object({ name: z.string(), address: z.string() });

const MessageSummary = z.object({
  id: z.uuid(),
  receivedAt: z.string(),
  from: z.array(Address),
  to: z.array(Address),
  cc: z.array(Address),
  subject: z.string(),
  date: z.string().nullable(),
  size: z.number().int(),
  attachmentCount: z.number().int(),
  snippet: z.string(),
});

const MessageList = z.object({
  /** How many messages match, of which `messages` are the newest `limit`. */
  total: z.number().int(),
  messages: z.array(MessageSummary),
});

const AttachmentMetadata = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  disposition: z.string(),
  contentId: z.string().nullable(),
  size: z.number().int(),
  url: z.string(),
});

const MessageDetail = z.object({
  id: z.uuid(),
  receivedAt: z.string(),
  envelope: z.object({ from: z.string().nullable(), to: z.array(z.string()) }),
  authenticatedAs: z.string().nullable(),
  messageId: z.string().nullable(),
  from: z.array(Address),
  to: z.array(Address),
  cc: z.array(Address),
  replyTo: z.array(Address),
  subject: z.string(),
  date: z.string().nullable(),
  size: z.number().int(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(AttachmentMetadata),
  rawUrl: z.string(),
});

const NotFound = z.object({ code: z.literal('NOT_FOUND'), message: z.string() });

const ListQuery = z.object({
  to: z.string().max(320).optional().describe('Part of a recipient address (envelope, To or Cc), any case'),
  subject: z.string().max(998).optional().describe('Part of the subject, any case'),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  waitMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_MS)
    .default(0)
    .describe('Waits up to this long for a matching message when there is none yet (long poll)'),
});

const MessageParams = z.object({ id: z.uuid() });
const AttachmentParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(10_000) });

/** A MIME type as a token/token pair; anything else is served as bytes. */
const SAFE_MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export function snippetOf(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
}

/** RFC 5987 value characters; encodeURIComponent leaves a few more as they are. */
function encodeExtendedValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition that always downloads, with the sender's file name made harmless: no
 * path, no control characters or quotes, an ASCII fallback and the UTF-8 name beside it (RFC 6266).
 */
export function downloadDisposition(filename: string, fallback: string): string {
  const baseName = filename.split(/[\\/]/).pop() ?? '';
  const cleaned =
    baseName
      .replace(/[\p{Cc}\p{Cf}"]/gu, '_')
      .trim()
      .slice(0, 200) || fallback;
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtendedValue(cleaned)}`;
}

/** Sender-controlled bytes are never rendered as a page of the sandbox's origin. */
function sendDownload(reply: FastifyReply, contentType: string, disposition: string, content: Buffer) {
  return reply
    .header('content-type', SAFE_MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream')
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'no-store')
    .send(content);
}

function summaryOf(mail: StoredMail): z.infer<typeof MessageSummary> {
  return {
    id: mail.id,
    receivedAt: mail.receivedAt,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    date: mail.date,
    size: mail.size,
    attachmentCount: mail.attachments.length,
    snippet: snippetOf(mail.text),
  };
}

export function formatAddresses(addresses: readonly MailAddress[]): string {
  return addresses
    .map((entry) => (entry.name ? `${entry.name} <${entry.address}>` : entry.address))
    .join(', ');
}

export function registerMailApi(app: FastifyInstance, context: SandboxContext) {
  const mailbox = mailboxOf(context);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notFound = (reply: FastifyReply, message: string) =>
    reply.code(404).send({ code: 'NOT_FOUND' as const, message });

  api.get(
    '/mail/api/messages',
    {
      schema: {
        tags: ['mail'],
        summary: 'The messages received, newest first; with waitMs, waits for a matching one',
        querystring: ListQuery,
        response: { 200: MessageList },
      },
    },
    async (request, reply) => {
      const { to, subject, limit, waitMs } = request.query;
      const filter = { to, subject };
      const gone = new AbortController();
      // A caller that gives up waiting (its connection closes before the answer) frees its place.
      reply.raw.once('close', () => gone.abort());
      await mailbox.waitFor(filter, waitMs, gone.signal);
      const found = mailbox.find(filter);
      return { total: found.length, messages: found.slice(0, limit).map(summaryOf) };
    },
  );

  api.get(
    '/mail/api/messages/:id',
    {
      schema: {
        tags: ['mail'],
        summary: 'One message: envelope, headers, text, HTML and what is attached',
        params: MessageParams,
        response: { 200: MessageDetail, 404: NotFound },
      },
    },
    async (request, reply) => {
      const mail = mailbox.get(request.params.id);
      if (!mail) return notFound(reply, 'No message with this id');
      const messageUrl = `${baseUrlOf(request)}/mail/api/messages/${mail.id}`;
      const { rawBase64: _raw, attachments, ...fields } = mail;
      return {
        ...fields,
        attachments: attachments.map(({ contentBase64: _content, ...attachment }, index) => ({
          index,
          ...attachment,
          url: `${messageUrl}/attachments/${index}`,
        })),
        rawUrl: `${messageUrl}/raw`,
      };
    },
  );

  api.get(
    '/mail/api/messages/:id/attachments/:index',
    {
      schema: {
        tags: ['mail'],
        summary: 'One attached file, with its content type, always as a download',
        params: AttachmentParams,
      },
    },
    async (request, reply) => {
      const attachment = mailbox.get(request.params.id)?.attachments[request.params.index];
      if (!attachment) return notFound(reply, 'No such message or attachment');
      return sendDownload(
        reply,
        attachment.contentType,
        downloadDisposition(attachment.filename, `attachment-${request.params.index}`),
        Buffer.from(attachment.contentBase64, 'base64'),
      );
    },
  );

  api.get(
    '/mail/api/messages/:id/raw',
    {
      schema: {
        tags: ['mail'],
        summary: 'The message exactly as received (message/rfc822)',
        params: MessageParams,
      },
    },
    async (request, reply) => {
      const mail = mailbox.get(request.params.id);
      if (!mail) return notFound(reply, 'No message with this id');
      return sendDownload(
        reply,
        'message/rfc822',
        downloadDisposition(`${mail.id}.eml`, 'message.eml'),
        Buffer.from(mail.rawBase64, 'base64'),
      );
    },
  );

  api.delete(
    '/mail/api/messages',
    {
      schema: {
        tags: ['mail'],
        summary: 'Empty the mailbox',
        response: { 200: z.object({ deleted: z.number().int() }) },
      },
    },
    async () => ({ deleted: mailbox.clear() }),
  );
}
