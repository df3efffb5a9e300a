/**
 * The identifiers of the PEPPOL network (Policy for use of identifiers 4.x) as far as Norwegian
 * e-invoicing needs them: participants by organisation number, and the two document types of
 * PEPPOL BIS Billing 3 with their process.
 */

/** Participants are identified by an ISO 6523 code and an identifier: `0192:<organisation number>`. */
export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
/** The ISO 6523 code of the Norwegian organisation number (Enhetsregisteret). */
export const NORWEGIAN_ORGANISATION_ICD = '0192';

export const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
export const PROCESS_SCHEME = 'cenbii-procid-ubl';
/** The BIS Billing 3 process, the ProfileID of a plain invoice or credit note. */
export const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The CustomizationID of BIS Billing 3; national extensions (EHF forward billing) start with it. */
export const BILLING_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const UBL_VERSION = '2.1';
export const SBDH_NAMESPACE = 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader';

export type DocumentKind = 'invoice' | 'creditnote';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['invoice', 'creditnote'];

export const UBL_DOCUMENTS: Record<DocumentKind, { root: 'Invoice' | 'CreditNote'; namespace: string }> = {
  invoice: { root: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
  creditnote: { root: 'CreditNote', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' },
};

/** `<namespace>::<root>##<customization>::<version>`, the document type a receiver registers in the SMP. */
export function documentTypeIdentifier(kind: DocumentKind, customizationId = BILLING_CUSTOMIZATION): string {
  const { root, namespace } = UBL_DOCUMENTS[kind];
  return `${namespace}::${root}##${customizationId}::${UBL_VERSION}`;
}

/** The identifier value without its scheme: `0192:923456783`. */
export function participantValue(organisationNumber: string): string {
  return `${NORWEGIAN_ORGANISATION_ICD}:${organisationNumber}`;
}

/** The whole identifier as written in SMP addresses: `iso6523-actorid-upis::0192:923456783`. */
export function participantIdentifier(organisationNumber: string): string {
  return `${PARTICIPANT_SCHEME}::${participantValue(organisationNumber)}`;
}

/**
 * The organisation number in a participant identifier from an SMP address. The scheme is
 * case-insensitive, as the policy says; any other ICD than 0192 is not a Norwegian company and so
 * unknown here.
 */
export function organisationNumberOfParticipant(identifier: string): string | undefined {
  const match = /^iso6523-actorid-upis::0192:(\d{9})$/i.exec(identifier.trim());
  return match?.[1];
}
