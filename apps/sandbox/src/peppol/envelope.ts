import { escapeXml } from '@bilag/domain';
import {
  DOCUMENT_TYPE_SCHEME,
  type DocumentKind,
  documentTypeIdentifier,
  PARTICIPANT_SCHEME,
  PROCESS_SCHEME,
  SBDH_NAMESPACE,
  UBL_DOCUMENTS,
  UBL_VERSION,
} from './identifiers';

export type EnvelopeInput = {
  /** Participant identifier values, `<ICD>:<identifier>`. */
  sender: string;
  receiver: string;
  kind: DocumentKind;
  customizationId: string;
  processId: string;
  messageId: string;
  createdAt: string;
  /** The UBL document as it was handed to the access point. */
  document: string;
  /** The country of the sender (corner 1), which the envelope must carry since SBDH 2.0. */
  senderCountry: string;
};

const XML_DECLARATION = /^\uFEFF?\s*<\?xml[^?]*\?>\s*/;

/**
 * The Standard Business Document the PEPPOL network carries (PEPPOL Envelope Specification 2.0):
 * the header says who sends to whom, which document type in which process, under which message
 * id; the UBL document follows unchanged, only without its own XML declaration.
 */
export function writeEnvelope(input: EnvelopeInput): string {
  const { root, namespace } = UBL_DOCUMENTS[input.kind];
  const text = (value: string) => escapeXml(value);
  const documentType = documentTypeIdentifier(input.kind, input.customizationId);
  return `<?xml version="1.0" encoding="UTF-8"?>
<StandardBusinessDocument xmlns="${SBDH_NAMESPACE}">
  <StandardBusinessDocumentHeader>
    <HeaderVersion>1.0</HeaderVersion>
    <Sender>
      <Identifier Authority="${PARTICIPANT_SCHEME}">${text(input.sender)}</Identifier>
    </Sender>
    <Receiver>
      <Identifier Authority="${PARTICIPANT_SCHEME}">${text(input.receiver)}</Identifier>
    </Receiver>
    <DocumentIdentification>
      <Standard>${namespace}</Standard>
      <TypeVersion>${UBL_VERSION}</TypeVersion>
      <InstanceIdentifier>${text(input.messageId)}</InstanceIdentifier>
      <Type>${root}</Type>
      <CreationDateAndTime>${text(input.createdAt)}</CreationDateAndTime>
    </DocumentIdentification>
    <BusinessScope>
      <Scope>
        <Type>DOCUMENTID</Type>
        <InstanceIdentifier>${text(documentType)}</InstanceIdentifier>
        <Identifier>${DOCUMENT_TYPE_SCHEME}</Identifier>
      </Scope>
      <Scope>
        <Type>PROCESSID</Type>
        <InstanceIdentifier>${text(input.processId)}</InstanceIdentifier>
        <Identifier>${PROCESS_SCHEME}</Identifier>
      </Scope>
      <Scope>
        <Type>COUNTRY_C1</Type>
        <InstanceIdentifier>${text(input.senderCountry)}</InstanceIdentifier>
      </Scope>
    </BusinessScope>
  </StandardBusinessDocumentHeader>
${input.document.replace(XML_DECLARATION, '').trimEnd()}
</StandardBusinessDocument>
`;
}
