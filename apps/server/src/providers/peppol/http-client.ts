import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import type { MessageKey } from '../../platform/messages';
import { ProviderError } from '../provider-error';
import {
  createProviderHttp,
  type ProviderResponse,
  partyErrorOf,
  protocolError,
  readAnswer,
} from '../provider-http';
import { readEhfDelivery } from './envelope';
import { participantIdentifier, readParticipantValue } from './identifiers';
import type { EhfReceiver, PeppolClient, SentEhfDocument } from './interface';
import { readBusinessCardName, readServiceGroup, SmpAnswerError } from './smp';

/**
 * The PEPPOL access point over HTTP: its API (X-Api-Key) for the receiver registry and the outbox,
 * and the network's public SMP and PEPPOL Directory, which get no credentials. Deliveries that
 * arrive at the product's webhook are read by `readDelivery` with the webhook secret.
 */

const DocumentKind = z.enum(['invoice', 'creditnote']);

const Receiver = z.object({
  organisationNumber: z.string().regex(/^\d{9}$/),
  name: z.string(),
  webhookUrl: z.string(),
  documentTypes: z.array(DocumentKind),
  registeredAt: z.string(),
  updatedAt: z.string(),
});

const Message = z.object({
  messageId: z.string().min(1),
  senderId: z.string(),
  receiver: z.string(),
  documentType: DocumentKind,
  documentId: z.string(),
  createdAt: z.string(),
  delivery: z.object({
    delivered: z.boolean(),
    attempts: z.number().int().min(0),
    lastStatus: z.number().int().min(0),
  }),
});

const Failure = z.object({ code: z.string(), message: z.string().optional() });

/** The access point answers a send once it has tried to deliver, retries to the receiver included. */
const OUTBOX_TIMEOUT_MS = 60_000;

type Refusals = Partial<Record<number, Partial<Record<string, MessageKey>>>>;

export function createPeppolClient(
  settings: ProviderSettings,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): PeppolClient {
  const { url, apiKey, webhookSecret } = settings.peppol;
  const base = url.replace(/\/+$/, '');
  const api = createProviderHttp({
    party: 'peppol',
    baseUrl: `${base}/api/v1`,
    timeoutMs: settings.timeoutMs,
    headers: () => ({ 'x-api-key': apiKey }),
    sleep: options.sleep,
  });
  const outbox = createProviderHttp({
    party: 'peppol',
    baseUrl: `${base}/api/v1`,
    timeoutMs: Math.max(settings.timeoutMs, OUTBOX_TIMEOUT_MS),
    headers: () => ({ 'x-api-key': apiKey }),
    sleep: options.sleep,
  });
  const smp = createProviderHttp({
    party: 'peppol',
    baseUrl: `${base}/smp`,
    timeoutMs: settings.timeoutMs,
    sleep: options.sleep,
  });

  /** A refusal the client knows, in the product's words; any other 4xx in the party's own. */
  function refused(response: ProviderResponse, refusals: Refusals): ProviderError {
    const failure = Failure.safeParse(response.body);
    const { code, text } = partyErrorOf(response.body);
    const reasonKey = failure.success ? refusals[response.status]?.[failure.data.code] : undefined;
    return new ProviderError({
      party: 'peppol',
      failure: 'rejected',
      requestId: response.requestId,
      status: response.status,
      partyCode: code,
      partyText: text,
      reasonKey,
    });
  }

  function fromSmp<Value>(response: ProviderResponse, read: (xml: string) => Value): Value {
    if (typeof response.body !== 'string')
      throw protocolError('peppol', response, new Error('The SMP did not answer XML'));
    try {
      return read(response.body);
    } catch (error) {
      if (error instanceof SmpAnswerError) throw protocolError('peppol', response, error);
      throw error;
    }
  }

  function sentDocument(response: ProviderResponse, message: z.infer<typeof Message>): SentEhfDocument {
    const sender = readParticipantValue(message.senderId.replace(/^iso6523-actorid-upis::/i, ''));
    if (!sender)
      throw protocolError(
        'peppol',
        response,
        new Error(`The sender ${message.senderId} is not a participant identifier`),
      );
    return {
      messageId: message.messageId,
      sender,
      receiver: message.receiver,
      documentType: message.documentType,
      documentId: message.documentId,
      sentAt: message.createdAt,
      delivery: message.delivery,
    };
  }

  const participantPath = (organisationNumber: string) =>
    `/participants/${encodeURIComponent(organisationNumber)}`;

  return {
    async lookupParticipant(organisationNumber) {
      const participant = encodeURIComponent(participantIdentifier(organisationNumber));
      const xml = { accept: 'application/xml' };
      const group = await smp.send({ method: 'GET', path: `/${participant}`, headers: xml, accept: [404] });
      if (group.status === 404) return { registered: false, documentTypes: [] };
      const documentTypes = fromSmp(group, (text) => readServiceGroup(text, organisationNumber));
      const card = await smp.send({
        method: 'GET',
        path: `/businesscard/${participant}`,
        headers: xml,
        accept: [404],
      });
      // A participant without a business card is still on the network; it only has no name there.
      const name =
        card.status === 404
          ? undefined
          : fromSmp(card, (text) => readBusinessCardName(text, organisationNumber));
      return { registered: true, documentTypes, ...(name ? { name } : {}) };
    },

    async registerReceiver(input): Promise<EhfReceiver> {
      const response = await api.send({
        method: 'POST',
        path: '/participants',
        json: input,
        // Registering is an upsert at the access point, so a retry cannot register twice.
        idempotencyKey: crypto.randomUUID(),
        accept: [409],
      });
      if (response.status === 409) {
        throw refused(response, { 409: { PARTICIPANT_REGISTERED_ELSEWHERE: 'peppolRegisteredElsewhere' } });
      }
      return readAnswer('peppol', Receiver, response);
    },

    async unregisterReceiver(organisationNumber) {
      const response = await api.send({
        method: 'DELETE',
        path: participantPath(organisationNumber),
        accept: [404],
      });
      return response.status !== 404;
    },

    async getReceiver(organisationNumber) {
      const response = await api.send({
        method: 'GET',
        path: participantPath(organisationNumber),
        accept: [404],
      });
      if (response.status === 404) {
        throw refused(response, { 404: { PARTICIPANT_NOT_FOUND: 'peppolReceiverNotRegistered' } });
      }
      return readAnswer('peppol', Receiver, response);
    },

    async listReceivers() {
      const response = await api.send({ method: 'GET', path: '/participants' });
      return readAnswer('peppol', z.object({ participants: z.array(Receiver) }), response).participants;
    },

    async sendDocument(input) {
      const response = await outbox.send({
        method: 'POST',
        path: '/outbox',
        json: { receiver: input.receiver, document: input.document },
        idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
        accept: [404, 413, 422],
      });
      if (response.status >= 400) {
        throw refused(response, {
          404: { RECEIVER_NOT_FOUND: 'peppolReceiverUnknown' },
          413: { DOCUMENT_TOO_LARGE: 'peppolDocumentTooLarge' },
          422: {
            DOCUMENT_INVALID: 'peppolDocumentInvalid',
            DOCUMENT_TYPE_NOT_ACCEPTED: 'peppolDocumentTypeNotAccepted',
          },
        });
      }
      return sentDocument(response, readAnswer('peppol', Message, response));
    },

    async listSentDocuments() {
      const response = await api.send({ method: 'GET', path: '/outbox' });
      const { messages } = readAnswer('peppol', z.object({ messages: z.array(Message) }), response);
      return messages.map((message) => sentDocument(response, message));
    },

    readDelivery(delivery) {
      return readEhfDelivery(delivery, { secret: webhookSecret });
    },
  };
}
