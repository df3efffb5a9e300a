import {
  DomainError,
  parseXml,
  type XmlNode,
  xmlAttribute,
  xmlChild,
  xmlChildren,
  xmlText,
  xmlTextAt,
} from '@bilag/domain';
import { checkWebhookSignature } from '../webhook-signature';
import { PARTICIPANT_SCHEME, readDocumentType, readParticipantValue, UBL_DOCUMENTS } from './identifiers';
import type {
  EhfDelivery,
  EhfDeliveryReading,
  EhfDeliveryRefusal,
  EhfDeliveryRefusalReason,
  IncomingEhfDelivery,
  PeppolParticipant,
} from './interface';

/**
 * Reads a delivery from the access point: the signature over the exact bytes first, then the
 * Standard Business Document (PEPPOL Envelope Specification 2.0) with the XML reader that refuses
 * DTDs and entities, then that the header and the UBL document inside agree on what is carried.
 */

/** The access point carries documents up to 10 MB; the envelope's header adds a few kB. */
export const MAX_DELIVERY_BYTES = 10 * 1024 * 1024 + 64 * 1024;
const SBDH_NAMESPACE = 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader';
const HEADER_END = /<\/(?:[\w.-]+:)?StandardBusinessDocumentHeader\s*>/;
const ENVELOPE_END = /<\/(?:[\w.-]+:)?StandardBusinessDocument\s*>/g;

const STATUS: Record<EhfDeliveryRefusalReason, EhfDeliveryRefusal['httpStatus']> = {
  'signature-missing': 401,
  'signature-malformed': 401,
  'signature-mismatch': 401,
  'signature-stale': 401,
  oversized: 413,
  'not-sbdh': 400,
  'message-id-mismatch': 400,
  'unknown-document-type': 422,
  'invalid-participant': 422,
};

class Refused extends Error {
  constructor(
    readonly reason: EhfDeliveryRefusalReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

function refusal(reason: EhfDeliveryRefusalReason, detail: string): EhfDeliveryReading {
  return { accepted: false, refusal: { reason, detail, httpStatus: STATUS[reason] } };
}

function required(node: XmlNode | undefined, ...path: string[]): string {
  const text = xmlTextAt(node, ...path);
  if (text === undefined) throw new Refused('not-sbdh', `The envelope has no ${path.join('/')}`);
  return text;
}

function participant(header: XmlNode, role: 'Sender' | 'Receiver'): PeppolParticipant {
  const identifier = xmlChild(xmlChild(header, role), 'Identifier');
  const authority = xmlAttribute(identifier, 'Authority');
  const value = xmlText(identifier);
  if (authority?.toLowerCase() !== PARTICIPANT_SCHEME) {
    throw new Refused('invalid-participant', `The ${role} is not identified by ${PARTICIPANT_SCHEME}`);
  }
  const read = readParticipantValue(value);
  if (!read)
    throw new Refused('invalid-participant', `The ${role} identifier ${value ?? '(none)'} is not valid`);
  return read;
}

function scope(header: XmlNode, type: 'DOCUMENTID' | 'PROCESSID'): string {
  const entry = xmlChildren(xmlChild(header, 'BusinessScope'), 'Scope').find(
    (candidate) => xmlTextAt(candidate, 'Type') === type,
  );
  return required(entry, 'InstanceIdentifier');
}

/** The document as the sender wrote it: the one element after the header, cut from the received text. */
function documentText(envelope: string): string {
  const headerEnd = HEADER_END.exec(envelope);
  const envelopeEnd = [...envelope.matchAll(ENVELOPE_END)].at(-1);
  if (!headerEnd || !envelopeEnd) throw new Refused('not-sbdh', 'The envelope has no header or no end');
  return envelope.slice(headerEnd.index + headerEnd[0].length, envelopeEnd.index).trim();
}

function parsed(text: string, what: string) {
  try {
    return parseXml(text, { maxBytes: MAX_DELIVERY_BYTES });
  } catch (error) {
    if (error instanceof DomainError) throw new Refused('not-sbdh', `${what}: ${error.message}`);
    throw error;
  }
}

function openEnvelope(envelope: string, messageIdHeader: string | undefined): EhfDelivery {
  const sbd = parsed(envelope, 'The envelope is not XML that can be read');
  if (sbd.rootName !== 'StandardBusinessDocument' || sbd.namespace !== SBDH_NAMESPACE) {
    throw new Refused(
      'not-sbdh',
      `The root element is ${sbd.rootName}, not an SBDH StandardBusinessDocument`,
    );
  }
  const header = xmlChild(sbd.root, 'StandardBusinessDocumentHeader');
  if (header === undefined)
    throw new Refused('not-sbdh', 'The envelope has no StandardBusinessDocumentHeader');
  const identification = xmlChild(header, 'DocumentIdentification');
  const messageId = required(identification, 'InstanceIdentifier');
  const standard = required(identification, 'Standard');
  const type = required(identification, 'Type');
  const createdAt = required(identification, 'CreationDateAndTime');
  const documentTypeId = scope(header, 'DOCUMENTID');
  const processId = scope(header, 'PROCESSID');
  if (messageIdHeader?.trim() !== messageId) {
    throw new Refused(
      'message-id-mismatch',
      `X-Peppol-Message-Id ${messageIdHeader ?? '(none)'} is not the envelope's ${messageId}`,
    );
  }
  const sender = participant(header, 'Sender');
  const receiver = participant(header, 'Receiver');
  if (receiver.organisationNumber === undefined) {
    throw new Refused(
      'invalid-participant',
      `The receiver ${receiver.scheme}:${receiver.identifier} is not a Norwegian organisation`,
    );
  }

  const documentType = readDocumentType(documentTypeId);
  if (!documentType) {
    throw new Refused(
      'unknown-document-type',
      `${documentTypeId} is not a PEPPOL BIS Billing 3 invoice or credit note`,
    );
  }
  const expected = UBL_DOCUMENTS[documentType.kind];
  if (type !== expected.root || standard !== expected.namespace) {
    throw new Refused(
      'unknown-document-type',
      `The header says ${type} (${standard}), its document type ${expected.root}`,
    );
  }
  const contentNames = Object.keys(sbd.root as object).filter(
    (name) => !name.startsWith('@_') && name !== '#text',
  );
  const carriesOneDocument =
    contentNames.length === 2 &&
    xmlChildren(sbd.root, 'StandardBusinessDocumentHeader').length === 1 &&
    xmlChildren(sbd.root, expected.root).length === 1;
  if (!carriesOneDocument) {
    throw new Refused(
      'unknown-document-type',
      `The envelope must carry one ${expected.root} and nothing else`,
    );
  }
  const document = documentText(envelope);
  const ubl = parsed(document, 'The document in the envelope cannot be read');
  if (ubl.rootName !== expected.root || ubl.namespace !== expected.namespace) {
    throw new Refused(
      'unknown-document-type',
      `The document is ${ubl.rootName} in ${ubl.namespace ?? 'no namespace'}, not a UBL ${expected.root}`,
    );
  }
  const customizationId = xmlTextAt(ubl.root, 'CustomizationID');
  if (customizationId !== documentType.customizationId) {
    throw new Refused(
      'unknown-document-type',
      `The document's CustomizationID ${customizationId ?? '(none)'} is not the one in the header`,
    );
  }
  return {
    messageId,
    sender,
    receiver: { ...receiver, organisationNumber: receiver.organisationNumber },
    documentType: documentType.kind,
    customizationId,
    processId,
    createdAt,
    document,
  };
}

export function readEhfDelivery(
  delivery: IncomingEhfDelivery,
  options: { secret: string; replayWindowSeconds?: number; nowSeconds?: number },
): EhfDeliveryReading {
  const size =
    typeof delivery.rawBody === 'string' ? Buffer.byteLength(delivery.rawBody) : delivery.rawBody.byteLength;
  if (size > MAX_DELIVERY_BYTES)
    return refusal('oversized', `The delivery has ${size} bytes, more than ${MAX_DELIVERY_BYTES}`);
  const signature = checkWebhookSignature({
    header: delivery.signatureHeader,
    rawBody: delivery.rawBody,
    secret: options.secret,
    replayWindowSeconds: options.replayWindowSeconds,
    nowSeconds: options.nowSeconds,
  });
  if (!signature.valid)
    return refusal(`signature-${signature.reason}`, `The signature is ${signature.reason}`);
  const text = typeof delivery.rawBody === 'string' ? delivery.rawBody : delivery.rawBody.toString('utf8');
  try {
    return { accepted: true, delivery: openEnvelope(text, delivery.messageIdHeader) };
  } catch (error) {
    if (error instanceof Refused) return refusal(error.reason, error.detail);
    throw error;
  }
}
