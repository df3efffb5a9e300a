import { escapeXml } from '@bilag/domain';
import {
  DOCUMENT_TYPE_SCHEME,
  documentTypeIdentifier,
  PARTICIPANT_SCHEME,
  participantIdentifier,
  participantValue,
} from './identifiers';
import type { KnownParticipant } from './registry';

/**
 * The SMP's answers (PEPPOL SMP specification 1.x, the busdox ServiceGroup) and the PEPPOL
 * Directory's business card, which is where the network keeps a participant's name.
 */
const SMP_NAMESPACE = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const IDENTIFIER_NAMESPACE = 'http://busdox.org/transport/identifiers/1.0/';
const BUSINESS_CARD_NAMESPACE = 'http://www.peppol.eu/schema/pd/businesscard/20180621/';

/**
 * The document types the participant receives, each as a reference to its service metadata, the
 * way a sending access point learns whether it may send a document at all.
 */
export function serviceGroupXml(participant: KnownParticipant, smpBaseUrl: string): string {
  const participantPath = encodeURIComponent(participantIdentifier(participant.organisationNumber));
  const references = participant.documentTypes.map((kind) => {
    const documentType = encodeURIComponent(`${DOCUMENT_TYPE_SCHEME}::${documentTypeIdentifier(kind)}`);
    const href = `${smpBaseUrl}/${participantPath}/services/${documentType}`;
    return `    <smp:ServiceMetadataReference href="${escapeXml(href)}"/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<smp:ServiceGroup xmlns:smp="${SMP_NAMESPACE}" xmlns:id="${IDENTIFIER_NAMESPACE}">
  <id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantValue(participant.organisationNumber))}</id:ParticipantIdentifier>
  <smp:ServiceMetadataReferenceCollection>
${references.join('\n')}
  </smp:ServiceMetadataReferenceCollection>
</smp:ServiceGroup>
`;
}

export function businessCardXml(participant: KnownParticipant): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<BusinessCard xmlns="${BUSINESS_CARD_NAMESPACE}">
  <ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantValue(participant.organisationNumber))}</ParticipantIdentifier>
  <BusinessEntity>
    <Name>${escapeXml(participant.name)}</Name>
    <CountryCode>NO</CountryCode>
    <RegistrationDate>${escapeXml(participant.registeredOn)}</RegistrationDate>
  </BusinessEntity>
</BusinessCard>
`;
}
