/**
 * The product's access to the PEPPOL network through its access point, in the product's words:
 * its companies are registered as receivers of EHF (PEPPOL BIS Billing 3 invoices and credit
 * notes) at the product's inbound webhook, other companies are looked up before sending, and each
 * delivery that arrives at the webhook is read (signature, SBDH envelope, identifiers, document
 * type) before the UBL document inside is used.
 */

export type EhfDocumentKind = 'invoice' | 'creditnote';

/** A party on the network, as its ISO 6523 code and identifier (`0192` and the organisation number in Norway). */
export type PeppolParticipant = {
  scheme: string;
  identifier: string;
  /** Set when the scheme is 0192, the Norwegian organisation number. */
  organisationNumber: string | undefined;
};

export type ParticipantLookup = {
  /** Whether the company can receive EHF on the PEPPOL network, at this access point or another. */
  registered: boolean;
  /** The name in the PEPPOL Directory, when the company has a business card there. */
  name?: string;
  /** The BIS Billing 3 documents it receives; empty when not registered. */
  documentTypes: EhfDocumentKind[];
};

/** One of the product's companies, registered at the access point to receive EHF. */
export type EhfReceiver = {
  organisationNumber: string;
  name: string;
  webhookUrl: string;
  documentTypes: EhfDocumentKind[];
  registeredAt: string;
  updatedAt: string;
};

export type RegisterReceiverInput = {
  organisationNumber: string;
  name: string;
  webhookUrl: string;
  /** Both when absent. */
  documentTypes?: EhfDocumentKind[];
};

export type SendEhfInput = {
  /** The receiver's organisation number. */
  receiver: string;
  /** The UBL Invoice or CreditNote, at most 10 MB. */
  document: string;
  /** Sending again with the same key does not send twice; a new key per call when absent. */
  idempotencyKey?: string;
};

/** A document the access point took on, and how its delivery went. */
export type SentEhfDocument = {
  messageId: string;
  sender: PeppolParticipant;
  receiver: string;
  documentType: EhfDocumentKind;
  /** The invoice or credit note number. */
  documentId: string;
  sentAt: string;
  delivery: {
    delivered: boolean;
    attempts: number;
    /** The receiving end's last HTTP status; 0 when it could not be reached. */
    lastStatus: number;
  };
};

/** A delivery that arrived at the product's inbound webhook, as posted by the access point. */
export type IncomingEhfDelivery = {
  /** The `Sandbox-Signature` header: `t=<unix seconds>,v1=<HMAC-SHA256 hex>`. */
  signatureHeader: string | undefined;
  /** The body exactly as received, before any parsing. */
  rawBody: string | Buffer;
  /** The `X-Peppol-Message-Id` header, which must name the envelope's message. */
  messageIdHeader: string | undefined;
};

export type EhfDelivery = {
  /** The envelope's InstanceIdentifier: the same message delivered twice has the same id. */
  messageId: string;
  sender: PeppolParticipant;
  receiver: PeppolParticipant & { organisationNumber: string };
  documentType: EhfDocumentKind;
  /** The document's CustomizationID: BIS Billing 3 or a national extension of it. */
  customizationId: string;
  /** The PEPPOL process (the document's ProfileID). */
  processId: string;
  /** When the sender's access point made the envelope. */
  createdAt: string;
  /** The UBL Invoice or CreditNote, unchanged, for parseEhf. */
  document: string;
};

export type EhfDeliveryRefusalReason =
  | 'signature-missing'
  | 'signature-malformed'
  | 'signature-mismatch'
  | 'signature-stale'
  | 'oversized'
  | 'not-sbdh'
  | 'unknown-document-type'
  | 'invalid-participant'
  | 'message-id-mismatch';

export type EhfDeliveryRefusal = {
  reason: EhfDeliveryRefusalReason;
  /** What exactly was wrong, for the log. */
  detail: string;
  /** What the webhook answers the access point: 401 for a signature, 413 for size, 400 or 422 otherwise. */
  httpStatus: 400 | 401 | 413 | 422;
};

export type EhfDeliveryReading =
  | { accepted: true; delivery: EhfDelivery }
  | { accepted: false; refusal: EhfDeliveryRefusal };

export interface PeppolClient {
  /** Asks the network's SMP whether the company receives EHF, and the PEPPOL Directory for its name. */
  lookupParticipant(organisationNumber: string): Promise<ParticipantLookup>;
  /** Registers the company at the access point, or changes its registration; asking twice is harmless. */
  registerReceiver(input: RegisterReceiverInput): Promise<EhfReceiver>;
  /** Whether the company was registered; it is not afterwards either way. */
  unregisterReceiver(organisationNumber: string): Promise<boolean>;
  /** The company's registration; a rejected ProviderError when it is not registered. */
  getReceiver(organisationNumber: string): Promise<EhfReceiver>;
  listReceivers(): Promise<EhfReceiver[]>;
  /** Sends an EHF document to a participant; answers once the access point has tried to deliver it. */
  sendDocument(input: SendEhfInput): Promise<SentEhfDocument>;
  /** What was sent, newest first. */
  listSentDocuments(): Promise<SentEhfDocument[]>;
  /** Checks and opens a delivery that arrived at the product's webhook; never throws for what was sent. */
  readDelivery(delivery: IncomingEhfDelivery): EhfDeliveryReading;
}
