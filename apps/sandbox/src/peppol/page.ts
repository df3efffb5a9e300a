import {
  formatOrganisationNumber,
  normalizeOrganisationNumber,
  validateOrganisationNumber,
} from '@bilag/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import { html, type Language, pickLanguage, type SafeHtml, sendPage, type Texts } from '../platform/pages';
import { EXAMPLE_DOCUMENTS, findExampleDocument } from './documents';
import type { DocumentKind } from './identifiers';
import { MAX_DOCUMENT_BYTES, type Outbox, type OutboxMessage, type OutboxRefusal } from './outbox';
import { listPublicSamples, readPublicSample } from './public-samples';
import type { KnownParticipant, Registry } from './registry';

/**
 * The access point's own page: who receives here, and a form to send one of the sandbox's example
 * documents, a public sample, or pasted XML to a receiver, with the outcome of the delivery told
 * plainly (delivered, or why not).
 */

/** Times as a person in Norway reads them: Oslo time, "2025-11-27 09:15". */
const OSLO_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Oslo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const MESSAGES_SHOWN = 10;

type Key =
  | 'party'
  | 'title'
  | 'intro'
  | 'otherLanguage'
  | 'receivers'
  | 'noCustomers'
  | 'organisationNumber'
  | 'name'
  | 'accepts'
  | 'deliveredTo'
  | 'otherAccessPoint'
  | 'send'
  | 'receiver'
  | 'receiverHint'
  | 'document'
  | 'examples'
  | 'publicSamples'
  | 'pasted'
  | 'xml'
  | 'xmlHint'
  | 'sendButton'
  | 'outcome'
  | 'deliveredWebhook'
  | 'deliveredNetwork'
  | 'failedStatus'
  | 'failedUnreachable'
  | 'wrongSecret'
  | 'messageId'
  | 'notSent'
  | 'invalidReceiver'
  | 'chooseDocument'
  | 'pasteXml'
  | 'RECEIVER_NOT_FOUND'
  | 'DOCUMENT_TOO_LARGE'
  | 'DOCUMENT_INVALID'
  | 'DOCUMENT_TYPE_NOT_ACCEPTED'
  | 'recent'
  | 'time'
  | 'what'
  | 'fromTo'
  | 'result'
  | 'delivered'
  | 'notDelivered'
  | 'attemptsOne'
  | 'attemptsMany'
  | 'invoice'
  | 'creditnote'
  | 'docs';

const TEXTS: Texts<Key> = {
  en: {
    party: 'PEPPOL access point',
    title: 'Send and receive EHF',
    intro:
      'This access point carries EHF invoices and credit notes (PEPPOL BIS Billing 3) on the PEPPOL network. A company the product registers here gets each document for it as an SBDH envelope, posted and signed to its webhook.',
    otherLanguage: 'Norsk',
    receivers: 'Receivers',
    noCustomers: 'The product has not registered any company at this access point yet.',
    organisationNumber: 'Organisation number',
    name: 'Name',
    accepts: 'Receives',
    deliveredTo: 'Delivered to',
    otherAccessPoint: 'another access point on the network',
    send: 'Send a document',
    receiver: "Receiver's organisation number",
    receiverHint: 'Nine digits; the receivers above are suggested.',
    document: 'Document',
    examples: "The sandbox's examples, dated today",
    publicSamples: 'Public samples (../shared/samples/ehf)',
    pasted: 'My own XML, pasted below',
    xml: 'My own XML',
    xmlHint: 'Used when "My own XML" is chosen: a UBL Invoice or CreditNote of BIS Billing 3, at most 10 MB.',
    sendButton: 'Send',
    outcome: 'Outcome',
    deliveredWebhook: 'Delivered: the webhook {url} answered HTTP {status} after {attempts}.',
    deliveredNetwork:
      "Delivered: the receiver's access point on the PEPPOL network acknowledged the message.",
    failedStatus: 'Not delivered: the webhook {url} answered HTTP {status} after {attempts}.',
    failedUnreachable: 'Not delivered: the webhook {url} could not be reached in {attempts}.',
    wrongSecret: 'The delivery was signed with a wrong secret, as the fault bad-signature asked.',
    messageId: 'Message id',
    notSent: 'Not sent',
    invalidReceiver:
      'Write the receiver as a Norwegian organisation number: nine digits that pass the mod 11 check.',
    chooseDocument: 'Choose a document to send.',
    pasteXml: 'Paste the XML of an invoice or credit note, or choose another document.',
    RECEIVER_NOT_FOUND: '{number} is not registered in the SMP, so the network has nowhere to deliver to.',
    DOCUMENT_TOO_LARGE: 'The document is larger than the 10 MB the access point carries.',
    DOCUMENT_INVALID:
      'The document is not an EHF invoice or credit note (PEPPOL BIS Billing 3) that can be read.',
    DOCUMENT_TYPE_NOT_ACCEPTED: 'The receiver has not registered this kind of document in the SMP.',
    recent: 'Sent lately',
    time: 'Time',
    what: 'Document',
    fromTo: 'From → to',
    result: 'Delivery',
    delivered: 'Delivered',
    notDelivered: 'Not delivered',
    attemptsOne: '1 attempt',
    attemptsMany: '{n} attempts',
    invoice: 'Invoice',
    creditnote: 'Credit note',
    docs: 'API description (OpenAPI)',
  },
  no: {
    party: 'PEPPOL-aksesspunkt',
    title: 'Send og motta EHF',
    intro:
      'Dette aksesspunktet frakter EHF-fakturaer og -kreditnotaer (PEPPOL BIS Billing 3) i PEPPOL-nettverket. Et firma produktet registrerer her, får hvert dokument til seg som en SBDH-konvolutt, postet og signert til sin webhook.',
    otherLanguage: 'English',
    receivers: 'Mottakere',
    noCustomers: 'Produktet har ikke registrert noe firma hos dette aksesspunktet ennå.',
    organisationNumber: 'Organisasjonsnummer',
    name: 'Navn',
    accepts: 'Mottar',
    deliveredTo: 'Leveres til',
    otherAccessPoint: 'et annet aksesspunkt i nettverket',
    send: 'Send et dokument',
    receiver: 'Mottakerens organisasjonsnummer',
    receiverHint: 'Ni sifre; mottakerne over foreslås.',
    document: 'Dokument',
    examples: 'Sandkassens eksempler, datert i dag',
    publicSamples: 'Offentlige eksempler (../shared/samples/ehf)',
    pasted: 'Egen XML, limt inn nedenfor',
    xml: 'Egen XML',
    xmlHint:
      'Brukes når «Egen XML» er valgt: en UBL Invoice eller CreditNote etter BIS Billing 3, høyst 10 MB.',
    sendButton: 'Send',
    outcome: 'Resultat',
    deliveredWebhook: 'Levert: webhooken {url} svarte HTTP {status} etter {attempts}.',
    deliveredNetwork: 'Levert: mottakerens aksesspunkt i PEPPOL-nettverket bekreftet meldingen.',
    failedStatus: 'Ikke levert: webhooken {url} svarte HTTP {status} etter {attempts}.',
    failedUnreachable: 'Ikke levert: webhooken {url} kunne ikke nås på {attempts}.',
    wrongSecret: 'Leveransen ble signert med feil hemmelighet, slik feilen bad-signature ba om.',
    messageId: 'Meldings-id',
    notSent: 'Ikke sendt',
    invalidReceiver:
      'Skriv mottakeren som et norsk organisasjonsnummer: ni sifre som består mod 11-kontrollen.',
    chooseDocument: 'Velg et dokument å sende.',
    pasteXml: 'Lim inn XML-en til en faktura eller kreditnota, eller velg et annet dokument.',
    RECEIVER_NOT_FOUND: '{number} er ikke registrert i SMP-en, så nettverket har ingen steder å levere til.',
    DOCUMENT_TOO_LARGE: 'Dokumentet er større enn de 10 MB aksesspunktet frakter.',
    DOCUMENT_INVALID:
      'Dokumentet er ikke en EHF-faktura eller -kreditnota (PEPPOL BIS Billing 3) som kan leses.',
    DOCUMENT_TYPE_NOT_ACCEPTED: 'Mottakeren har ikke registrert denne dokumenttypen i SMP-en.',
    recent: 'Sendt nylig',
    time: 'Tid',
    what: 'Dokument',
    fromTo: 'Fra → til',
    result: 'Levering',
    delivered: 'Levert',
    notDelivered: 'Ikke levert',
    attemptsOne: '1 forsøk',
    attemptsMany: '{n} forsøk',
    invoice: 'Faktura',
    creditnote: 'Kreditnota',
    docs: 'API-beskrivelse (OpenAPI)',
  },
};

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

const PASTED = 'pasted';

/** What the person filled in, shown again when the document could not be sent. */
type FormValues = { receiver: string; document: string; xml: string };
type FormProblem = { text: string; detail?: string };

const SendForm = z.object({
  receiver: z.string().max(40).default(''),
  document: z.string().max(300).default(''),
  xml: z
    .string()
    .max(MAX_DOCUMENT_BYTES * 2)
    .default(''),
});

export function registerPage(
  app: FastifyInstance,
  context: SandboxContext,
  registry: Registry,
  outbox: Outbox,
) {
  function attempts(texts: Record<Key, string>, count: number) {
    return count === 1 ? texts.attemptsOne : fill(texts.attemptsMany, { n: count });
  }

  function outcomeOf(texts: Record<Key, string>, message: OutboxMessage): string {
    const { delivery } = message;
    if (delivery.via === 'network') return delivery.delivered ? texts.deliveredNetwork : texts.notDelivered;
    const values = {
      url: delivery.url ?? '',
      status: delivery.lastStatus,
      attempts: attempts(texts, delivery.attempts),
    };
    if (delivery.delivered) return fill(texts.deliveredWebhook, values);
    return fill(delivery.lastStatus === 0 ? texts.failedUnreachable : texts.failedStatus, values);
  }

  function receiversTable(
    texts: Record<Key, string>,
    receivers: KnownParticipant[],
    kindName: (kind: DocumentKind) => string,
  ) {
    return html`<table><thead><tr><th scope="col">${texts.organisationNumber}</th><th scope="col">${texts.name}</th><th scope="col">${texts.accepts}</th><th scope="col">${texts.deliveredTo}</th></tr></thead><tbody>
${receivers.map(
  (receiver) =>
    html`<tr><td><code>${receiver.organisationNumber}</code></td><td>${receiver.name}</td><td>${receiver.documentTypes.map(kindName).join(', ')}</td><td>${receiver.servedBy === 'this-access-point' ? html`<code style="overflow-wrap:anywhere">${receiver.customer.webhookUrl}</code>` : html`<span class="muted">${texts.otherAccessPoint}</span>`}</td></tr>`,
)}
</tbody></table>`;
  }

  function render(
    reply: FastifyReply,
    language: Language,
    options: { values?: FormValues; problem?: FormProblem; sent?: OutboxMessage; status?: number },
  ) {
    const texts = TEXTS[language];
    const kindName = (kind: DocumentKind) => texts[kind];
    const receivers = registry.receivers();
    const hasCustomers = receivers.some((receiver) => receiver.servedBy === 'this-access-point');
    const samples = listPublicSamples();
    const values = options.values ?? {
      receiver: '',
      document: `example:${EXAMPLE_DOCUMENTS[0]?.id ?? ''}`,
      xml: '',
    };
    const option = (value: string, label: string) =>
      html`<option value="${value}"${values.document === value ? html` selected` : ''}>${label}</option>`;
    const sent = options.sent;
    const problem = options.problem;
    const recent = outbox.list(MESSAGES_SHOWN);

    const body: SafeHtml = html`<p><a href="/peppol?lang=${language === 'en' ? 'no' : 'en'}" lang="${language === 'en' ? 'nb' : 'en'}">${texts.otherLanguage}</a></p>
<p>${texts.intro}</p>
${
  sent
    ? html`<section aria-labelledby="outcome"><h2 id="outcome">${texts.outcome}</h2>
<p${sent.delivery.delivered ? '' : html` class="error"`} data-outcome="${sent.delivery.delivered ? 'delivered' : 'not-delivered'}">${outcomeOf(texts, sent)}</p>
${sent.delivery.signedWithWrongSecret ? html`<p>${texts.wrongSecret}</p>` : ''}
<p class="muted">${kindName(sent.documentType)} ${sent.documentId}: ${sent.senderName ?? sent.senderId} → ${sent.receiverName}. ${texts.messageId}: <code>${sent.messageId}</code></p></section>`
    : ''
}
${
  problem
    ? html`<section aria-labelledby="outcome"><h2 id="outcome">${texts.notSent}</h2>
<p class="error" role="alert" data-outcome="refused">${problem.text}</p>
${problem.detail ? html`<p class="muted">${problem.detail}</p>` : ''}</section>`
    : ''
}
<h2>${texts.receivers}</h2>
${hasCustomers ? '' : html`<p class="muted">${texts.noCustomers}</p>`}
${receiversTable(texts, receivers, kindName)}
<h2>${texts.send}</h2>
<form method="post" action="/peppol/send?lang=${language}">
<label for="receiver">${texts.receiver}</label>
<input id="receiver" name="receiver" inputmode="numeric" autocomplete="off" maxlength="40" required autofocus list="known-receivers" aria-describedby="receiver-hint" value="${values.receiver}">
<datalist id="known-receivers">${receivers.map((receiver) => html`<option value="${receiver.organisationNumber}">${receiver.name}</option>`)}</datalist>
<p id="receiver-hint" class="muted">${texts.receiverHint}</p>
<label for="document">${texts.document}</label>
<select id="document" name="document">
<optgroup label="${texts.examples}">${EXAMPLE_DOCUMENTS.map((example) => option(`example:${example.id}`, example.title[language]))}</optgroup>
${samples.length > 0 ? html`<optgroup label="${texts.publicSamples}">${samples.map((name) => option(`sample:${name}`, name))}</optgroup>` : ''}
${option(PASTED, texts.pasted)}
</select>
<label for="xml">${texts.xml}</label>
<textarea id="xml" name="xml" rows="8" spellcheck="false" aria-describedby="xml-hint" style="width:100%;box-sizing:border-box;font-family:monospace">${values.xml}</textarea>
<p id="xml-hint" class="muted">${texts.xmlHint}</p>
<button type="submit" class="primary">${texts.sendButton}</button>
</form>
${
  recent.length > 0
    ? html`<h2>${texts.recent}</h2>
<table><thead><tr><th scope="col">${texts.time}</th><th scope="col">${texts.what}</th><th scope="col">${texts.fromTo}</th><th scope="col">${texts.result}</th></tr></thead><tbody>
${recent.map(
  (message) =>
    html`<tr><td>${OSLO_TIME.format(new Date(message.createdAt))}</td><td>${kindName(message.documentType)} ${message.documentId}</td><td>${message.senderName ?? message.senderId} → ${message.receiverName}</td><td>${message.delivery.delivered ? texts.delivered : html`<span class="error">${texts.notDelivered}</span>`} (${message.delivery.lastStatus === 0 ? '–' : `HTTP ${message.delivery.lastStatus}`}, ${attempts(texts, message.delivery.attempts)})</td></tr>`,
)}
</tbody></table>`
    : ''
}
<p><a href="/docs">${texts.docs}</a></p>`;
    return sendPage(reply, { language, party: texts.party, title: texts.title, body }, options.status ?? 200);
  }

  app.get('/peppol', { schema: { hide: true } }, async (request, reply) => {
    const language = pickLanguage(request);
    const asked = (request.query as Record<string, unknown>).sent;
    const sent = typeof asked === 'string' ? outbox.find(asked) : undefined;
    return render(reply, language, { sent });
  });

  app.post(
    '/peppol/send',
    // Form encoding can triple the XML's size on the way in; the document itself is held to 10 MB.
    { bodyLimit: MAX_DOCUMENT_BYTES * 3 + 64 * 1024, schema: { hide: true } },
    async (request, reply) => {
      const language = pickLanguage(request);
      const texts = TEXTS[language];
      const form = SendForm.safeParse(request.body ?? {});
      const values: FormValues = form.success ? form.data : { receiver: '', document: '', xml: '' };
      const refuse = (problem: FormProblem, status = 422) =>
        render(reply, language, { values, problem, status });

      const receiver = validateOrganisationNumber(values.receiver);
      if (!receiver.valid) return refuse({ text: texts.invalidReceiver });
      const organisationNumber = normalizeOrganisationNumber(values.receiver);

      let document: string | undefined;
      if (values.document === PASTED) {
        if (values.xml.trim() === '') return refuse({ text: texts.pasteXml });
        document = values.xml;
      } else if (values.document.startsWith('example:')) {
        const example = findExampleDocument(values.document.slice('example:'.length));
        const sent = outbox.list();
        document = example?.write({
          receiver: {
            organisationNumber,
            name: registry.find(organisationNumber)?.name ?? organisationNumber,
          },
          today: context.clock.today(),
          sequence: outbox.nextSequence(),
          sent,
        });
      } else if (values.document.startsWith('sample:')) {
        document = readPublicSample(values.document.slice('sample:'.length));
      }
      if (document === undefined) return refuse({ text: texts.chooseDocument });

      const outcome = await outbox.send({
        receiver: organisationNumber,
        document,
        signWithWrongSecret: requestedFault(request)?.name === 'bad-signature',
      });
      if (!outcome.sent)
        return refuse(refusalProblem(texts, outcome.refusal, organisationNumber), outcome.refusal.status);
      return reply.redirect(
        `/peppol?lang=${language}&sent=${encodeURIComponent(outcome.message.messageId)}#outcome`,
        303,
      );
    },
  );
}

function refusalProblem(
  texts: Record<Key, string>,
  refusal: OutboxRefusal,
  organisationNumber: string,
): FormProblem {
  return {
    text: fill(texts[refusal.code], { number: formatOrganisationNumber(organisationNumber) }),
    // The access point's own words say exactly what was wrong with a document.
    detail:
      refusal.code === 'DOCUMENT_INVALID' || refusal.code === 'DOCUMENT_TYPE_NOT_ACCEPTED'
        ? refusal.message
        : undefined,
  };
}
