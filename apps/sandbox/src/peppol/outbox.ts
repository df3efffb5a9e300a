import { DomainError, isValidOrganisationNumber, parseEhf } from '@bilag/domain';
import type { SandboxContext } from '../platform/context';
import { writeEnvelope } from './envelope';
import {
  BILLING_CUSTOMIZATION,
  type DocumentKind,
  NORWEGIAN_ORGANISATION_ICD,
  PARTICIPANT_SCHEME,
  participantValue,
} from './identifiers';
import type { Registry } from './registry';

/** The largest document the access point carries, as most PEPPOL access points do. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const MESSAGES_KEPT = 1000;

export type OutboxDelivery = {
  /** A customer of this access point gets the envelope at its webhook; anyone else through the network. */
  via: 'webhook' | 'network';
  url: string | null;
  delivered: boolean;
  attempts: number;
  /** The receiver's last HTTP status; 0 when it could not be reached. */
  lastStatus: number;
  /** True when the sender asked (fault `bad-signature`) for the delivery to be signed with a wrong secret. */
  signedWithWrongSecret: boolean;
};

export type OutboxMessage = {
  messageId: string;
  /** Participant identifiers, `iso6523-actorid-upis::<ICD>:<identifier>`. */
  senderId: string;
  senderName: string | null;
  receiver: string;
  receiverName: string;
  documentType: DocumentKind;
  /** The invoice or credit note number. */
  documentId: string;
  createdAt: string;
  delivery: OutboxDelivery;
};

export type OutboxRefusal = {
  status: 404 | 413 | 422;
  code: 'RECEIVER_NOT_FOUND' | 'DOCUMENT_TOO_LARGE' | 'DOCUMENT_INVALID' | 'DOCUMENT_TYPE_NOT_ACCEPTED';
  message: string;
};

export type SendOutcome =
  | { sent: true; message: OutboxMessage; repeated: boolean }
  | { sent: false; refusal: OutboxRefusal };

type CheckedDocument = {
  kind: DocumentKind;
  documentId: string;
  customizationId: string;
  processId: string;
  /** The identifier value of the supplier's electronic address (BT-34), `<ICD>:<identifier>`. */
  sender: string;
  senderName: string | undefined;
  senderCountry: string;
};

function invalid(message: string): { refusal: OutboxRefusal } {
  return { refusal: { status: 422, code: 'DOCUMENT_INVALID', message } };
}

/**
 * What a sending access point checks before it takes a document on: a UBL invoice or credit note of
 * BIS Billing 3 (or an extension of it), readable, with totals that add up, and a supplier with an
 * electronic address to send from.
 */
export function checkDocument(document: string): CheckedDocument | { refusal: OutboxRefusal } {
  let parsed: ReturnType<typeof parseEhf>;
  try {
    parsed = parseEhf(document, { maxBytes: MAX_DOCUMENT_BYTES });
  } catch (error) {
    if (error instanceof DomainError) return invalid(error.message);
    throw error;
  }
  const customizationId = parsed.customizationId ?? '';
  if (!customizationId.startsWith(BILLING_CUSTOMIZATION)) {
    return invalid(
      `CustomizationID must be that of PEPPOL BIS Billing 3 (${BILLING_CUSTOMIZATION}), or start with it; the document has ${customizationId || 'none'}`,
    );
  }
  if (parsed.profileId === undefined) return invalid('ProfileID (the business process) is missing');
  const endpoint = parsed.supplier.endpointId;
  if (
    endpoint?.scheme === undefined ||
    !/^\d{4}$/.test(endpoint.scheme) ||
    !/^[^\s:]{1,50}$/.test(endpoint.id)
  ) {
    return invalid("The supplier's EndpointID with a schemeID (BT-34) is missing or malformed");
  }
  if (endpoint.scheme === NORWEGIAN_ORGANISATION_ICD && !isValidOrganisationNumber(endpoint.id)) {
    return invalid(`The supplier's EndpointID ${endpoint.id} is not a valid organisation number`);
  }
  const fatal = parsed.problems.filter((problem) => problem.severity === 'fatal');
  if (fatal.length > 0) {
    return invalid(
      `The document breaks the BIS Billing 3 rules: ${fatal.map((problem) => `[${problem.rule}] ${problem.message}`).join('; ')}`,
    );
  }
  return {
    kind: parsed.documentType === 'Invoice' ? 'invoice' : 'creditnote',
    documentId: parsed.id,
    customizationId,
    processId: parsed.profileId,
    sender: `${endpoint.scheme}:${endpoint.id}`,
    senderName: parsed.supplier.name,
    senderCountry: parsed.supplier.country ?? 'NO',
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(context: SandboxContext, registry: Registry) {
  const messages = context.store.collection<OutboxMessage>('peppolMessages');
  const idempotencyKeys = context.store.collection<string>('peppolIdempotencyKeys');
  const counters = context.store.collection<number>('peppolCounters');

  function keep(message: OutboxMessage) {
    if (messages.size >= MESSAGES_KEPT) messages.delete(messages.keys().next().value as string);
    messages.set(message.messageId, message);
    context.store.changed();
  }

  return {
    /** Newest first. */
    list: (limit = MESSAGES_KEPT) => [...messages.values()].reverse().slice(0, limit),
    find: (messageId: string) => messages.get(messageId),
    /** Numbers the example documents, so each one sent has its own invoice number and KID. */
    nextSequence(): number {
      const next = (counters.get('exampleDocuments') ?? 0) + 1;
      counters.set('exampleDocuments', next);
      context.store.changed();
      return next;
    },

    async send(input: {
      receiver: string;
      document: string;
      /** The same key again answers the first message instead of sending twice. */
      idempotencyKey?: string;
      signWithWrongSecret?: boolean;
    }): Promise<SendOutcome> {
      const earlier = input.idempotencyKey && messages.get(idempotencyKeys.get(input.idempotencyKey) ?? '');
      if (earlier) return { sent: true, message: earlier, repeated: true };

      if (Buffer.byteLength(input.document) > MAX_DOCUMENT_BYTES) {
        return {
          sent: false,
          refusal: {
            status: 413,
            code: 'DOCUMENT_TOO_LARGE',
            message: `The document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`,
          },
        };
      }
      const receiver = registry.find(input.receiver);
      if (!receiver) {
        return {
          sent: false,
          refusal: {
            status: 404,
            code: 'RECEIVER_NOT_FOUND',
            message: `No participant ${PARTICIPANT_SCHEME}::${participantValue(input.receiver)} is registered in the SMP`,
          },
        };
      }
      const checked = checkDocument(input.document);
      if ('refusal' in checked) return { sent: false, refusal: checked.refusal };
      if (!receiver.documentTypes.includes(checked.kind)) {
        return {
          sent: false,
          refusal: {
            status: 422,
            code: 'DOCUMENT_TYPE_NOT_ACCEPTED',
            message: `${receiver.name} has not registered the BIS Billing 3 ${checked.kind === 'invoice' ? 'invoice' : 'credit note'} document type in the SMP`,
          },
        };
      }

      const messageId = crypto.randomUUID();
      const createdAt = context.clock.now().toISOString();
      const customer = receiver.servedBy === 'this-access-point' ? receiver.customer : undefined;
      const message: OutboxMessage = {
        messageId,
        senderId: `${PARTICIPANT_SCHEME}::${checked.sender}`,
        senderName: checked.senderName ?? null,
        receiver: receiver.organisationNumber,
        receiverName: receiver.name,
        documentType: checked.kind,
        documentId: checked.documentId,
        createdAt,
        delivery: {
          via: customer ? 'webhook' : 'network',
          url: customer?.webhookUrl ?? null,
          delivered: false,
          attempts: 0,
          lastStatus: 0,
          signedWithWrongSecret: customer !== undefined && input.signWithWrongSecret === true,
        },
      };
      keep(message);
      if (input.idempotencyKey) {
        if (idempotencyKeys.size >= MESSAGES_KEPT)
          idempotencyKeys.delete(idempotencyKeys.keys().next().value as string);
        idempotencyKeys.set(input.idempotencyKey, messageId);
      }

      if (!customer) {
        // The receiver's own access point is another corner of the network, played here too: it
        // takes the message and acknowledges it, as AS4 receipts do.
        message.delivery = { ...message.delivery, delivered: true, attempts: 1, lastStatus: 200 };
      } else {
        const envelope = writeEnvelope({
          sender: checked.sender,
          receiver: participantValue(receiver.organisationNumber),
          kind: checked.kind,
          customizationId: checked.customizationId,
          processId: checked.processId,
          messageId,
          createdAt,
          document: input.document,
          senderCountry: checked.senderCountry,
        });
        const delivery = await context.webhooks.send({
          party: 'peppol',
          url: customer.webhookUrl,
          secret: message.delivery.signedWithWrongSecret
            ? `not-${context.credentials.peppolWebhookSecret}`
            : context.credentials.peppolWebhookSecret,
          event: `peppol.${checked.kind}`,
          document: { body: envelope, contentType: 'application/xml' },
          headers: { 'x-peppol-message-id': messageId },
        });
        message.delivery = {
          ...message.delivery,
          delivered: delivery.delivered,
          attempts: delivery.attempts,
          lastStatus: delivery.lastStatus,
        };
      }
      context.store.changed();
      return { sent: true, message, repeated: false };
    },
  };
}
