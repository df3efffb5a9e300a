import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { INBOX_CHANNELS } from '../inbox/inbox';
import { FILE_REPLY, route } from '../route';

const tags = ['ehf'];
const services = `${ApiPrefix.main}/company-services`;

export const EHF_DOCUMENTS_PAGE_SIZE = 25;

/** The PEPPOL BIS Billing 3 documents a company receives. */
export const EHF_DOCUMENT_KINDS = ['invoice', 'creditnote'] as const;
export const EhfDocumentKind = z.enum(EHF_DOCUMENT_KINDS);
export type EhfDocumentKind = z.infer<typeof EhfDocumentKind>;

/** The company's registration as an EHF receiver at the access point. */
export const EhfRegistration = z.object({
  companyId: z.number().int(),
  /** The organisation number the company receives under; null when the company has none on record. */
  organisationNumber: z.string().nullable(),
  isRegistered: z.boolean(),
  /** The name the access point knows the company by. */
  name: z.string().nullable(),
  /** Where the access point delivers the company's documents. */
  webhookUrl: z.string().nullable(),
  documentTypes: z.array(EhfDocumentKind),
  registeredAt: z.string().nullable(),
});
export type EhfRegistration = z.infer<typeof EhfRegistration>;

const CompanyQuery = z.object({ companyId: Id });
const CompanyBody = z.object({ companyId: Id });

export const getEhfRegistration = route({
  method: 'GET',
  path: `${services}/ehf`,
  access: 'company',
  action: 'ehf.view',
  query: CompanyQuery,
  reply: envelope(EhfRegistration),
  summary: 'Whether the company receives EHF through the access point, and where it is delivered',
  tags,
});

export const registerEhfReceiver = route({
  method: 'POST',
  path: `${services}/ehf`,
  access: 'company',
  action: 'admin.settings.edit',
  body: CompanyBody,
  reply: envelope(EhfRegistration),
  summary:
    "Register the company's organisation number at the access point for invoices and credit notes (those who edit company settings)",
  tags,
});

export const unregisterEhfReceiver = route({
  method: 'DELETE',
  path: `${services}/ehf/delete`,
  access: 'company',
  action: 'admin.settings.edit',
  query: CompanyQuery,
  reply: envelope(EhfRegistration),
  summary: 'Stop receiving EHF: the access point forgets the company (those who edit company settings)',
  tags,
});

export const EhfAccessPoint = z.object({
  /** The access point the company's documents come through. */
  accessPointUrl: z.string(),
  /** The product's address the access point delivers to. */
  webhookUrl: z.string(),
});
export type EhfAccessPoint = z.infer<typeof EhfAccessPoint>;

export const getEhfAccessPointUrl = route({
  method: 'GET',
  path: `${services}/ehf/access-point-url`,
  access: 'company',
  action: 'ehf.view',
  query: CompanyQuery,
  reply: envelope(EhfAccessPoint),
  summary: 'The access point and the webhook address EHF documents travel through',
  tags,
});

/**
 * The PEPPOL access point's delivery: a Standard Business Document signed with the webhook secret
 * (`Sandbox-Signature`), read from the exact bytes. 200 when the delivery is taken (also when it
 * was taken before), 401 for a signature, 413 for size, 400 or 422 for an envelope the access
 * point should not have sent.
 */
export const receivePeppolDelivery = route({
  method: 'POST',
  path: `${ApiPrefix.ehf}/webhook/peppol`,
  access: 'public',
  reply: envelope(z.object({ messageId: z.string(), status: z.string() })),
  summary: 'The PEPPOL access point delivers a signed SBDH envelope with an invoice or credit note',
  tags,
});

/**
 * What became of a received document: a voucher made; kept without a voucher because a fatal rule
 * failed (until a person makes one anyway); refused (not a document that can be read); or blocked
 * as coming from a spam supplier.
 */
export const EHF_DOCUMENT_STATUSES = ['voucher-created', 'failed-checks', 'refused', 'spam'] as const;
export const EhfDocumentStatus = z.enum(EHF_DOCUMENT_STATUSES);
export type EhfDocumentStatus = z.infer<typeof EhfDocumentStatus>;

/** What a delivery became; `duplicate` is a document the company already had, which adds nothing. */
export const EHF_RECEIVE_STATUSES = [...EHF_DOCUMENT_STATUSES, 'duplicate'] as const;
export const EhfReceiveStatus = z.enum(EHF_RECEIVE_STATUSES);
export type EhfReceiveStatus = z.infer<typeof EhfReceiveStatus>;

export const EHF_PROBLEM_SEVERITIES = ['fatal', 'warning'] as const;
export const EhfProblemSeverity = z.enum(EHF_PROBLEM_SEVERITIES);
export type EhfProblemSeverity = z.infer<typeof EhfProblemSeverity>;

/** A published rule the document breaks: a fatal one stops the voucher until a person decides. */
export const EhfDocumentProblem = z.object({
  /** The rule id as published, such as BR-CO-15, PEPPOL-EN16931-R008 or NO-R-001. */
  rule: z.string(),
  severity: EhfProblemSeverity,
  message: z.string(),
});
export type EhfDocumentProblem = z.infer<typeof EhfDocumentProblem>;

export const EhfDocumentLine = z.object({
  lineId: z.string().nullable(),
  itemName: z.string().nullable(),
  description: z.string().nullable(),
  /** Decimal as written. */
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  /** Net price per unit as written. */
  price: z.string().nullable(),
  netAmountOre: z.number().int(),
  vatCategory: z.string().nullable(),
  vatPercent: z.string().nullable(),
});
export type EhfDocumentLine = z.infer<typeof EhfDocumentLine>;

export const EhfVatRate = z.object({
  category: z.string().nullable(),
  percent: z.string().nullable(),
  taxableAmountOre: z.number().int(),
  taxAmountOre: z.number().int(),
});
export type EhfVatRate = z.infer<typeof EhfVatRate>;

export const EhfDocumentFile = z.object({
  id: z.number().int(),
  kind: z.enum(['xml', 'pdf']),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Made by the product because the document carried no PDF of its own. */
  isRendition: z.boolean(),
});
export type EhfDocumentFile = z.infer<typeof EhfDocumentFile>;

/** Another document this one is linked to: the invoice a credit note credits, or a credit note of an invoice. */
export const EhfLinkedDocument = z.object({
  id: z.number().int(),
  documentKind: EhfDocumentKind,
  documentNumber: z.string().nullable(),
  voucherId: z.number().int().nullable(),
});
export type EhfLinkedDocument = z.infer<typeof EhfLinkedDocument>;

export const EhfDocumentSummary = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  status: EhfDocumentStatus,
  channel: z.enum(INBOX_CHANNELS),
  /** Null when the document could not be read. */
  documentKind: EhfDocumentKind.nullable(),
  documentNumber: z.string().nullable(),
  supplierName: z.string().nullable(),
  supplierOrganisationNumber: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.string().nullable(),
  payableAmountOre: z.number().int().nullable(),
  problems: z.array(EhfDocumentProblem),
  /** Why it was refused or blocked, in the language of the person reading; null otherwise. */
  reason: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  inboxItemUuid: z.string().nullable(),
  receivedAt: z.string(),
});
export type EhfDocumentSummary = z.infer<typeof EhfDocumentSummary>;

export const EhfDocumentDetail = EhfDocumentSummary.extend({
  messageId: z.string().nullable(),
  customerName: z.string().nullable(),
  customerOrganisationNumber: z.string().nullable(),
  kid: z.string().nullable(),
  /** The supplier's account the invoice asks to be paid to (IBAN or Norwegian account number). */
  supplierAccount: z.string().nullable(),
  buyerReference: z.string().nullable(),
  orderReference: z.string().nullable(),
  /** The invoice number a credit note refers to, as written. */
  billingReference: z.string().nullable(),
  lineExtensionAmountOre: z.number().int().nullable(),
  taxExclusiveAmountOre: z.number().int().nullable(),
  taxAmountOre: z.number().int().nullable(),
  taxInclusiveAmountOre: z.number().int().nullable(),
  lines: z.array(EhfDocumentLine),
  vatRates: z.array(EhfVatRate),
  files: z.array(EhfDocumentFile),
  creditedInvoice: EhfLinkedDocument.nullable(),
  creditNotes: z.array(EhfLinkedDocument),
});
export type EhfDocumentDetail = z.infer<typeof EhfDocumentDetail>;

export const EhfDocumentFilter = z.object({
  companyId: Id,
  status: EhfDocumentStatus.optional(),
  page: PageNumber.default(1),
  pagesize: z.coerce.number().int().min(1).max(100).default(EHF_DOCUMENTS_PAGE_SIZE),
});
export type EhfDocumentFilter = z.infer<typeof EhfDocumentFilter>;

export const EhfDocumentPage = z.object({
  rows: z.array(EhfDocumentSummary),
  total: z.number().int(),
});
export type EhfDocumentPage = z.infer<typeof EhfDocumentPage>;

export const listEhfDocuments = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/documents`,
  access: 'company',
  action: 'ehf.view',
  query: EhfDocumentFilter,
  reply: envelope(EhfDocumentPage),
  summary: 'The EHF documents the company received, newest first, by status',
  tags,
});

const DocumentParams = z.object({ id: Id });

export const getEhfDocument = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/documents/:id`,
  access: 'company',
  action: 'ehf.view',
  params: DocumentParams,
  query: CompanyQuery,
  reply: envelope(EhfDocumentDetail),
  summary: 'One received document: parties, dates, payment details, lines, VAT per rate, problems and files',
  tags,
});

export const getEhfDocumentOfVoucher = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/vouchers/:voucherId/document`,
  access: 'company',
  action: 'voucher.view',
  params: z.object({ voucherId: Id }),
  query: CompanyQuery,
  reply: envelope(EhfDocumentDetail.nullable()),
  summary: 'The EHF document a voucher was made from; null for a voucher that did not come by EHF',
  tags,
});

export const downloadEhfDocumentFile = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/documents/:id/files/:fileId`,
  access: 'company',
  action: 'ehf.view',
  params: z.object({ id: Id, fileId: Id }),
  query: CompanyQuery,
  reply: FILE_REPLY,
  summary: "A received document's XML or PDF",
  tags,
});

export const createVoucherFromEhfDocument = route({
  method: 'POST',
  path: `${ApiPrefix.ehf}/documents/:id/voucher`,
  access: 'company',
  action: 'ehf.edit',
  params: DocumentParams,
  body: CompanyBody,
  reply: envelope(EhfDocumentDetail),
  summary: 'Make the voucher of a document that failed its checks anyway: a person has looked and decided',
  tags,
});
