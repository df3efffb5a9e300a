import { isValidOrganisationNumber } from '@bilag/domain';
import type { EhfDocumentKind, PeppolParticipant } from './interface';

/**
 * PEPPOL identifiers as the network writes them (Policy for use of identifiers 4.x): participants
 * as `iso6523-actorid-upis::<ICD>:<identifier>`, document types as
 * `<UBL namespace>::<root>##<CustomizationID>::2.1`. The product receives PEPPOL BIS Billing 3
 * and any national extension of it (the CustomizationID starts with that of BIS Billing 3).
 */
export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
export const NORWEGIAN_ORGANISATION_ICD = '0192';
export const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
export const BILLING_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const UBL_VERSION = '2.1';

export const UBL_DOCUMENTS: Record<EhfDocumentKind, { root: 'Invoice' | 'CreditNote'; namespace: string }> = {
  invoice: { root: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
  creditnote: { root: 'CreditNote', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' },
};

export function participantIdentifier(organisationNumber: string): string {
  return `${PARTICIPANT_SCHEME}::${NORWEGIAN_ORGANISATION_ICD}:${organisationNumber}`;
}

/**
 * A participant identifier value (`0192:923456783`) read from a message: an ISO 6523 code of four
 * digits and an identifier without spaces; a Norwegian organisation number must pass mod 11.
 */
export function readParticipantValue(value: string | undefined): PeppolParticipant | undefined {
  const match = /^(\d{4}):([^\s:]{1,50})$/.exec(value?.trim() ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  const [, scheme, identifier] = match;
  if (scheme !== NORWEGIAN_ORGANISATION_ICD) return { scheme, identifier, organisationNumber: undefined };
  return isValidOrganisationNumber(identifier)
    ? { scheme, identifier, organisationNumber: identifier }
    : undefined;
}

export type DocumentType = { kind: EhfDocumentKind; customizationId: string };

/** The kind of a BIS Billing 3 document type identifier, or undefined for any other document type. */
export function readDocumentType(identifier: string): DocumentType | undefined {
  const match = /^(.+)::(Invoice|CreditNote)##(.+)::([^:]+)$/.exec(identifier.trim());
  if (!match) return undefined;
  const [, namespace, root, customizationId = '', version] = match;
  const kind: EhfDocumentKind = root === 'Invoice' ? 'invoice' : 'creditnote';
  const expected = UBL_DOCUMENTS[kind];
  if (namespace !== expected.namespace || version !== UBL_VERSION) return undefined;
  if (!customizationId.startsWith(BILLING_CUSTOMIZATION)) return undefined;
  return { kind, customizationId };
}
