import { parseXml, xmlAttribute, xmlChild, xmlChildren, xmlText, xmlTextAt } from '@bilag/domain';
import {
  DOCUMENT_TYPE_SCHEME,
  NORWEGIAN_ORGANISATION_ICD,
  PARTICIPANT_SCHEME,
  readDocumentType,
} from './identifiers';
import type { EhfDocumentKind } from './interface';

/**
 * Reads the SMP's ServiceGroup (PEPPOL SMP specification 1.x) and the PEPPOL Directory's business
 * card with the XML reader that refuses DTDs and entities. Anything that is not the answer the
 * protocol describes for the participant asked about throws, and the client reports it as such.
 */

const MAX_SMP_ANSWER_BYTES = 1024 * 1024;

export class SmpAnswerError extends Error {}

function checkParticipant(node: ReturnType<typeof xmlChild>, organisationNumber: string) {
  const scheme = xmlAttribute(node, 'scheme');
  const value = xmlText(node)?.trim();
  if (
    scheme?.toLowerCase() !== PARTICIPANT_SCHEME ||
    value !== `${NORWEGIAN_ORGANISATION_ICD}:${organisationNumber}`
  ) {
    throw new SmpAnswerError(
      `The answer is about ${scheme ?? '?'}::${value ?? '?'}, not ${organisationNumber}`,
    );
  }
}

function read(xml: string) {
  try {
    return parseXml(xml, { maxBytes: MAX_SMP_ANSWER_BYTES });
  } catch (error) {
    throw new SmpAnswerError(error instanceof Error ? error.message : String(error));
  }
}

/** The BIS Billing 3 document kinds among the service metadata references; other document types are left out. */
export function readServiceGroup(xml: string, organisationNumber: string): EhfDocumentKind[] {
  const group = read(xml);
  if (group.rootName !== 'ServiceGroup')
    throw new SmpAnswerError(`The answer is a ${group.rootName}, not a ServiceGroup`);
  checkParticipant(xmlChild(group.root, 'ParticipantIdentifier'), organisationNumber);
  const references = xmlChildren(
    xmlChild(group.root, 'ServiceMetadataReferenceCollection'),
    'ServiceMetadataReference',
  );
  const kinds = new Set<EhfDocumentKind>();
  for (const reference of references) {
    const href = xmlAttribute(reference, 'href') ?? '';
    const encoded = href.slice(href.lastIndexOf('/services/') + '/services/'.length);
    let documentType: string;
    try {
      documentType = decodeURIComponent(encoded);
    } catch {
      throw new SmpAnswerError(`The reference ${href} is not a URL`);
    }
    const schemePrefix = `${DOCUMENT_TYPE_SCHEME}::`;
    if (!documentType.toLowerCase().startsWith(schemePrefix)) continue;
    const kind = readDocumentType(documentType.slice(schemePrefix.length))?.kind;
    if (kind) kinds.add(kind);
  }
  return (['invoice', 'creditnote'] as const).filter((kind) => kinds.has(kind));
}

/** The participant's name on its business card, in the first language given. */
export function readBusinessCardName(xml: string, organisationNumber: string): string | undefined {
  const card = read(xml);
  if (card.rootName !== 'BusinessCard')
    throw new SmpAnswerError(`The answer is a ${card.rootName}, not a BusinessCard`);
  checkParticipant(xmlChild(card.root, 'ParticipantIdentifier'), organisationNumber);
  return xmlTextAt(card.root, 'BusinessEntity', 'Name')?.trim();
}
