import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { html, type Language, pickLanguage, type SafeHtml, sendPage, type Texts } from '../platform/pages';
import { formatAddresses } from './api';
import { mailboxOf, type StoredMail } from './mailbox';
import { SLOW_ANSWER_MS } from './smtp';

const PAGE_TEXTS: Texts<
  | 'party'
  | 'inboxTitle'
  | 'intro'
  | 'smtpAt'
  | 'faults'
  | 'recipient'
  | 'filter'
  | 'showAll'
  | 'showing'
  | 'of'
  | 'messages'
  | 'caption'
  | 'received'
  | 'from'
  | 'to'
  | 'cc'
  | 'replyTo'
  | 'subject'
  | 'date'
  | 'messageId'
  | 'envelope'
  | 'size'
  | 'attachments'
  | 'noMessages'
  | 'noMatching'
  | 'empty'
  | 'noSubject'
  | 'back'
  | 'text'
  | 'noText'
  | 'htmlPart'
  | 'noHtml'
  | 'htmlFrame'
  | 'htmlNote'
  | 'noAttachments'
  | 'allHeaders'
  | 'header'
  | 'value'
  | 'raw'
  | 'notFoundTitle'
  | 'notFound'
> = {
  en: {
    party: 'Mail catcher',
    inboxTitle: 'Received mail',
    intro: 'Every e-mail the product sends over SMTP lands here. Nothing sent here leaves this machine.',
    smtpAt: 'SMTP server:',
    faults: `Test addresses: reject@… is refused (550), busy@… is deferred once (451) and accepted on the next try, slow@… is answered after ${SLOW_ANSWER_MS / 1000} seconds.`,
    recipient: 'Recipient',
    filter: 'Filter',
    showAll: 'Show all',
    showing: 'Showing',
    of: 'of',
    messages: 'messages',
    caption: 'Received messages, newest first',
    received: 'Received',
    from: 'From',
    to: 'To',
    cc: 'Cc',
    replyTo: 'Reply to',
    subject: 'Subject',
    date: 'Date',
    messageId: 'Message-ID',
    envelope: 'Envelope recipients',
    size: 'Size',
    attachments: 'Attachments',
    noMessages: 'No mail has arrived yet.',
    noMatching: 'No mail to this recipient.',
    empty: 'Empty the mailbox',
    noSubject: '(no subject)',
    back: 'Back to the received mail',
    text: 'Text',
    noText: 'The message has no text part.',
    htmlPart: 'HTML',
    noHtml: 'The message has no HTML part.',
    htmlFrame: 'The HTML part of the message, shown without scripts',
    htmlNote: 'Shown without scripts and without images from other servers.',
    noAttachments: 'Nothing is attached.',
    allHeaders: 'All headers',
    header: 'Header',
    value: 'Value',
    raw: 'Download the message as received (.eml)',
    notFoundTitle: 'Message not found',
    notFound: 'There is no message with this id. It may have been deleted.',
  },
  no: {
    party: 'E-postfanger',
    inboxTitle: 'Mottatt e-post',
    intro:
      'All e-post produktet sender over SMTP, havner her. Ingenting som sendes hit, forlater denne maskinen.',
    smtpAt: 'SMTP-tjener:',
    faults: `Testadresser: reject@… avvises (550), busy@… utsettes én gang (451) og tas imot ved neste forsøk, slow@… får svar etter ${SLOW_ANSWER_MS / 1000} sekunder.`,
    recipient: 'Mottaker',
    filter: 'Filtrer',
    showAll: 'Vis alle',
    showing: 'Viser',
    of: 'av',
    messages: 'meldinger',
    caption: 'Mottatte meldinger, nyeste først',
    received: 'Mottatt',
    from: 'Fra',
    to: 'Til',
    cc: 'Kopi',
    replyTo: 'Svar til',
    subject: 'Emne',
    date: 'Dato',
    messageId: 'Meldings-ID',
    envelope: 'Konvoluttmottakere',
    size: 'Størrelse',
    attachments: 'Vedlegg',
    noMessages: 'Ingen e-post har kommet ennå.',
    noMatching: 'Ingen e-post til denne mottakeren.',
    empty: 'Tøm postkassen',
    noSubject: '(uten emne)',
    back: 'Tilbake til mottatt e-post',
    text: 'Tekst',
    noText: 'Meldingen har ingen tekstdel.',
    htmlPart: 'HTML',
    noHtml: 'Meldingen har ingen HTML-del.',
    htmlFrame: 'HTML-delen av meldingen, vist uten skript',
    htmlNote: 'Vises uten skript og uten bilder fra andre tjenere.',
    noAttachments: 'Ingenting er vedlagt.',
    allHeaders: 'Alle meldingshoder',
    header: 'Hode',
    value: 'Verdi',
    raw: 'Last ned meldingen slik den ble mottatt (.eml)',
    notFoundTitle: 'Fant ikke meldingen',
    notFound: 'Det finnes ingen melding med denne id-en. Den kan ha blitt slettet.',
  },
};

/** The newest messages the inbox page lists; the API reaches the rest. */
const INBOX_ROWS = 200;

/**
 * The pages show what strangers wrote, so they allow no script at all and no requests to other
 * servers; the srcdoc frame of an HTML part inherits this policy on top of its own sandbox.
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

/** Only the images the message itself carries (cid:) are shown, inlined, up to this size each. */
const MAX_INLINE_IMAGE_BYTES = 2 * 1024 * 1024;
const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const InboxQuery = z.object({
  to: z.string().max(320).optional().catch(undefined),
  lang: z.string().optional().catch(undefined),
});

const LanguageQuery = z.object({ lang: z.string().optional().catch(undefined) });

function withLanguage(path: string, language: Language): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}

function formatTime(iso: string, language: Language): SafeHtml {
  const text = new Intl.DateTimeFormat(language === 'no' ? 'nb-NO' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Oslo',
  }).format(new Date(iso));
  return html`<time datetime="${iso}">${text}</time>`;
}

function formatSize(bytes: number, language: Language): string {
  const number = new Intl.NumberFormat(language === 'no' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${number.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} kB`;
  return `${number.format(bytes / 1024 / 1024)} MB`;
}

/** The HTML part as a document of its own, with cid: images inlined from the message's parts. */
export function framedHtmlOf(mail: StoredMail): string {
  let body = mail.html ?? '';
  for (const attachment of mail.attachments) {
    if (!attachment.contentId || !INLINE_IMAGE_TYPES.has(attachment.contentType.toLowerCase())) continue;
    if (attachment.size > MAX_INLINE_IMAGE_BYTES) continue;
    body = body.replaceAll(
      `cid:${attachment.contentId}`,
      `data:${attachment.contentType};base64,${attachment.contentBase64}`,
    );
  }
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><base target="_blank"></head><body>${body}</body></html>`;
}

function sendMailPage(
  reply: FastifyReply,
  language: Language,
  title: string,
  body: SafeHtml,
  statusCode = 200,
) {
  reply.header('content-security-policy', PAGE_POLICY);
  return sendPage(reply, { language, party: PAGE_TEXTS[language].party, title, body }, statusCode);
}

export function registerMailPages(app: FastifyInstance, context: SandboxContext) {
  const mailbox = mailboxOf(context);
  const pages = app.withTypeProvider<ZodTypeProvider>();

  pages.get('/mail', { schema: { hide: true, querystring: InboxQuery } }, async (request, reply) => {
    const language = pickLanguage(request);
    const texts = PAGE_TEXTS[language];
    const to = request.query.to?.trim() || undefined;
    const found = mailbox.find({ to });
    const shown = found.slice(0, INBOX_ROWS);
    let smtpAddress: string | undefined;
    try {
      smtpAddress = `127.0.0.1:${request.server.mailCatcher.port()}`;
    } catch {
      // The SMTP side is not listening (a test that only injects requests); there is no address to give.
    }
    const rows = shown.map(
      (mail) => html`<tr>
<td>${formatTime(mail.receivedAt, language)}</td>
<td>${formatAddresses(mail.from)}</td>
<td>${formatAddresses(mail.to.length > 0 ? mail.to : mail.envelope.to.map((address) => ({ name: '', address })))}</td>
<td><a href="${withLanguage(`/mail/${mail.id}`, language)}">${mail.subject || texts.noSubject}</a></td>
<td>${mail.attachments.length}</td>
</tr>`,
    );
    return sendMailPage(
      reply,
      language,
      texts.inboxTitle,
      html`<p>${texts.intro}</p>
${smtpAddress ? html`<p>${texts.smtpAt} <code>${smtpAddress}</code></p>` : ''}
<p class="muted">${texts.faults}</p>
<form method="get" action="/mail" role="search">
<input type="hidden" name="lang" value="${language}">
<label for="to">${texts.recipient}</label>
<input id="to" name="to" type="search" value="${to ?? ''}" maxlength="320" autocomplete="off" autofocus>
<button class="primary" type="submit">${texts.filter}</button>
${to ? html`<a class="button" href="${withLanguage('/mail', language)}">${texts.showAll}</a>` : ''}
</form>
${
  found.length === 0
    ? html`<p>${to ? texts.noMatching : texts.noMessages}</p>`
    : html`<p>${texts.showing} ${shown.length} ${texts.of} ${found.length} ${texts.messages}</p>
<table>
<caption class="muted">${texts.caption}</caption>
<thead><tr><th scope="col">${texts.received}</th><th scope="col">${texts.from}</th><th scope="col">${texts.to}</th><th scope="col">${texts.subject}</th><th scope="col">${texts.attachments}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`
}
<form method="post" action="${withLanguage('/mail/empty', language)}">
<button class="danger" type="submit">${texts.empty}</button>
</form>`,
    );
  });

  pages.post(
    '/mail/empty',
    { schema: { hide: true, querystring: LanguageQuery } },
    async (request, reply) => {
      mailbox.clear();
      return reply.redirect(withLanguage('/mail', pickLanguage(request)), 303);
    },
  );

  pages.get(
    '/mail/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }), querystring: LanguageQuery } },
    async (request, reply) => {
      const language = pickLanguage(request);
      const texts = PAGE_TEXTS[language];
      const back = html`<p><a href="${withLanguage('/mail', language)}">${texts.back}</a></p>`;
      const mail = mailbox.get(request.params.id);
      if (!mail) {
        return sendMailPage(reply, language, texts.notFoundTitle, html`<p>${texts.notFound}</p>${back}`, 404);
      }
      const messageUrl = `/mail/api/messages/${mail.id}`;
      const field = (label: string, value: SafeHtml | string) =>
        html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
      return sendMailPage(
        reply,
        language,
        mail.subject || texts.noSubject,
        html`${back}
<table>
<tbody>
${field(texts.from, formatAddresses(mail.from))}
${field(texts.to, formatAddresses(mail.to))}
${mail.cc.length > 0 ? field(texts.cc, formatAddresses(mail.cc)) : ''}
${mail.replyTo.length > 0 ? field(texts.replyTo, formatAddresses(mail.replyTo)) : ''}
${field(texts.subject, mail.subject)}
${mail.date ? field(texts.date, formatTime(mail.date, language)) : ''}
${field(texts.received, formatTime(mail.receivedAt, language))}
${field(texts.envelope, mail.envelope.to.join(', '))}
${mail.messageId ? field(texts.messageId, html`<code>${mail.messageId}</code>`) : ''}
${field(texts.size, formatSize(mail.size, language))}
</tbody>
</table>
<h2>${texts.text}</h2>
${
  mail.text === null
    ? html`<p class="muted">${texts.noText}</p>`
    : html`<pre style="white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f5; padding: 0.75rem; border-radius: 4px;">${mail.text}</pre>`
}
<h2>${texts.htmlPart}</h2>
${
  mail.html === null
    ? html`<p class="muted">${texts.noHtml}</p>`
    : html`<p class="muted">${texts.htmlNote}</p>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${framedHtmlOf(mail)}" title="${texts.htmlFrame}" style="width: 100%; height: 24rem; border: 1px solid #868e96; border-radius: 4px; background: #fff;"></iframe>`
}
<h2>${texts.attachments}</h2>
${
  mail.attachments.length === 0
    ? html`<p class="muted">${texts.noAttachments}</p>`
    : html`<ul>${mail.attachments.map(
        (attachment, index) =>
          html`<li><a href="${messageUrl}/attachments/${index}">${attachment.filename || `${texts.attachments} ${index + 1}`}</a> <span class="muted">(${attachment.contentType}, ${formatSize(attachment.size, language)})</span></li>`,
      )}</ul>`
}
<details>
<summary>${texts.allHeaders}</summary>
<table>
<thead><tr><th scope="col">${texts.header}</th><th scope="col">${texts.value}</th></tr></thead>
<tbody>${mail.headers.map((header) => html`<tr><td><code>${header.name}</code></td><td style="overflow-wrap: anywhere;">${header.value}</td></tr>`)}</tbody>
</table>
</details>
<p><a href="${messageUrl}/raw">${texts.raw}</a></p>`,
      );
    },
  );
}
