import { createHash, randomUUID } from 'node:crypto';
import {
  type EhfDocumentKind,
  type EhfDocumentProblem,
  type EhfDocumentStatus,
  type EhfReceiveStatus,
  type InboxChannel,
  type InboxStatus,
  VoucherSource,
  VoucherStatus,
} from '@bilag/contracts';
import { DomainError, type EhfDocument, type EhfProblem, parseEhf } from '@bilag/domain';
import type { Db } from '../../db/client';
import { type AuditEntry, writeAudit, writeAudits } from '../../platform/audit';
import type { MessageKey } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { type InboxItemRow, recordArrival, updateArrival } from '../inbox';
import { notifyCompanyUsers } from '../notifications';
import { bookingDayOfArrival, holdSharedPeriodLock } from '../periods';
import * as repository from './ehf-document.repository';
import type { EhfDocumentRow, NewEhfDocument } from './ehf-document.table';
import { renderEhfPdf } from './ehf-pdf';

export type EhfIntakeDeps = { db: Db; store: ObjectStore };

export type ReceiveEhfInput = {
  /** The UBL Invoice or CreditNote. */
  xml: string;
  channel: InboxChannel;
  /** Who it is for: the receiver's organisation number (the access point) or the company (its mail address). */
  receiverOrganisationNumber?: string;
  companyId?: number;
  /** The envelope's message id; a delivery repeated with it adds nothing. */
  messageId?: string;
  /** The arrival mail intake recorded already; otherwise one is recorded here. */
  inboxItemId?: number;
  /** The mail address it came from. */
  senderAddress?: string;
};

export type ReceiveEhfResult = {
  status: EhfReceiveStatus;
  /** Null when no company receives under the organisation number. */
  companyId: number | null;
  voucherId: number | null;
  ehfDocumentId: number | null;
  inboxItemId: number | null;
  /** Why it was refused or blocked (a key of platform/messages.ts). */
  reasonKey: MessageKey | null;
};

type Company = repository.IntakeCompany;

type Reading =
  | { isRead: true; document: EhfDocument; problems: EhfDocumentProblem[] }
  | { isRead: false; reasonKey: MessageKey; detail: string };

type StoredFile = repository.EhfFileRecord;

const KIND: Record<EhfDocument['documentType'], EhfDocumentKind> = {
  Invoice: 'invoice',
  CreditNote: 'creditnote',
};
const TITLE: Record<EhfDocumentKind, string> = { invoice: 'Faktura', creditnote: 'Kreditnota' };
const INBOX_STATUS: Record<EhfReceiveStatus, InboxStatus> = {
  'voucher-created': 'voucher-created',
  'failed-checks': 'needs-review',
  refused: 'refused',
  spam: 'spam',
  duplicate: 'duplicate',
};

/** The rule id as published and whether it stops the voucher; warnings never do. */
export function toDocumentProblem(problem: EhfProblem): EhfDocumentProblem {
  return {
    rule: problem.rule,
    severity: problem.severity,
    message: problem.message.slice(0, 1000),
  };
}

function read(xml: string): Reading {
  try {
    const document = parseEhf(xml);
    return { isRead: true, document, problems: document.problems.map(toDocumentProblem) };
  } catch (error) {
    if (error instanceof DomainError) {
      return { isRead: false, reasonKey: 'ehfUnreadable', detail: error.message.slice(0, 500) };
    }
    throw error;
  }
}

function digitsOnly(value: string | undefined): string | undefined {
  const digits = value?.replace(/\D/g, '');
  return digits ? digits : undefined;
}

/** What tells one supplier's documents from another's: its organisation number, else its endpoint or name. */
function supplierKeyOf(document: EhfDocument): string | null {
  const organisationNumber = digitsOnly(document.supplier.orgNumber);
  if (organisationNumber) return organisationNumber;
  const endpoint = document.supplier.endpointId;
  if (endpoint) return `${endpoint.scheme ?? ''}:${endpoint.id}`.toLowerCase();
  const name = document.supplier.name?.trim().toLowerCase();
  return name ? `name:${name}` : null;
}

function accountOf(document: EhfDocument): string | null {
  const account = document.supplierAccount;
  if (!account) return null;
  return (account.bban ?? account.iban ?? account.id).replace(/\s/g, '');
}

function documentFields(
  document: EhfDocument,
  problems: EhfDocumentProblem[],
): Omit<NewEhfDocument, 'companyId' | 'channel' | 'status'> {
  return {
    documentKind: KIND[document.documentType],
    documentNumber: document.id,
    supplierKey: supplierKeyOf(document),
    supplierName: document.supplier.name ?? document.supplier.tradingName ?? null,
    supplierOrganisationNumber: digitsOnly(document.supplier.orgNumber) ?? null,
    customerName: document.customer.name ?? document.customer.tradingName ?? null,
    customerOrganisationNumber: digitsOnly(document.customer.orgNumber) ?? null,
    issueDate: validDate(document.issueDate),
    dueDate: validDate(document.dueDate),
    currency: document.currency,
    payableAmountOre: document.totals.payableAmount,
    lineExtensionAmountOre: document.totals.lineExtensionAmount,
    taxExclusiveAmountOre: document.totals.taxExclusiveAmount,
    taxAmountOre: document.totals.taxAmount,
    taxInclusiveAmountOre: document.totals.taxInclusiveAmount,
    kid: document.kid ?? null,
    supplierAccount: accountOf(document),
    buyerReference: document.buyerReference ?? null,
    orderReference: document.orderReference ?? null,
    billingReference: document.billingReference ?? null,
    lines: document.lines.map((line) => ({
      lineId: line.id ?? null,
      itemName: line.itemName ?? null,
      description: line.description ?? null,
      quantity: line.quantity ?? null,
      unit: line.unit ?? null,
      price: line.price ?? null,
      netAmountOre: line.netAmount,
      vatCategory: line.vatCategory ?? null,
      vatPercent: line.vatPercent ?? null,
    })),
    vatRates: document.taxSubtotals.map((subtotal) => ({
      category: subtotal.category ?? null,
      percent: subtotal.percent ?? null,
      taxableAmountOre: subtotal.taxableAmount,
      taxAmountOre: subtotal.taxAmount,
    })),
    problems,
  };
}

/** A date column takes only a real calendar date; anything else is kept out rather than failing the intake. */
function validDate(value: string | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

function fileBase(document: EhfDocument | undefined): string {
  if (!document) return 'ehf';
  const number = document.id.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80);
  return `${TITLE[KIND[document.documentType]]}-${number || 'ehf'}`;
}

async function storeFile(
  store: ObjectStore,
  companyId: number,
  bytes: Buffer,
  file: { fileName: string; mimeType: string; extension: string },
): Promise<StoredFile> {
  const storageKey = `companies/${companyId}/files/${randomUUID()}.${file.extension}`;
  await store.put(storageKey, bytes);
  return {
    storageKey,
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The XML always; the document's own PDF, or a rendition where it carries none, when it could be read. */
async function storeFiles(
  store: ObjectStore,
  companyId: number,
  xml: string,
  document: EhfDocument | undefined,
): Promise<{ files: StoredFile[]; hasRenderedPdf: boolean }> {
  const base = fileBase(document);
  const files = [
    await storeFile(store, companyId, Buffer.from(xml, 'utf8'), {
      fileName: `${base}.xml`,
      mimeType: 'application/xml',
      extension: 'xml',
    }),
  ];
  if (!document) return { files, hasRenderedPdf: false };
  const embedded = document.attachments.find((attachment) => {
    const bytes = attachment.size > 4 ? attachment.bytes() : undefined;
    return bytes !== undefined && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  });
  const pdf = embedded ? Buffer.from(embedded.bytes()) : Buffer.from(await renderEhfPdf(document));
  files.push(
    await storeFile(store, companyId, pdf, {
      fileName: `${base}.pdf`,
      mimeType: 'application/pdf',
      extension: 'pdf',
    }),
  );
  return { files, hasRenderedPdf: embedded === undefined };
}

async function removeFiles(store: ObjectStore, files: StoredFile[]) {
  await Promise.all(files.map((file) => store.delete(file.storageKey).catch(() => undefined)));
}

/**
 * The voucher of a document in the caller's transaction, booked under the shared period lock that an
 * earlier statement of it holds, and the audit row that records it for the caller to write. A credit
 * note's voucher carries the amount as money back (negative), so it is never put on the payment list.
 */
async function insertVoucherOfDocument(
  tx: Db,
  document: EhfDocumentRow,
  userId: number | null,
): Promise<{ id: number; audit: AuditEntry }> {
  const payable = document.payableAmountOre;
  const amountOre = payable === null ? null : document.documentKind === 'creditnote' ? -payable : payable;
  const title = document.documentKind ? TITLE[document.documentKind] : 'EHF';
  const voucher = await repository.insertVoucher(tx, {
    ...(document.voucherId === null ? {} : { id: document.voucherId }),
    companyId: document.companyId,
    voucherDate: document.issueDate,
    effectiveDate: bookingDayOfArrival(document.companyId, document.issueDate),
    supplierName: document.supplierName,
    amountOre,
    currency: document.currency ?? 'NOK',
    dueDate: document.dueDate,
    kid: document.kid,
    accountNumber: document.supplierAccount,
    description: `${title} ${document.documentNumber ?? ''}`.trim(),
    source: VoucherSource.EHF,
    status: VoucherStatus.NEW,
    isPaid: false,
    labels: [],
    createdBy: userId,
  });
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...snapshot } = voucher;
  return {
    id: voucher.id,
    audit: {
      companyId: document.companyId,
      userId,
      entity: 'voucher',
      entityId: voucher.id,
      action: 'create',
      after: { ...snapshot, ehfDocumentId: document.id },
    },
  };
}

/** The document's files as its voucher's: the PDF first, as it is what the voucher page shows a person. */
function voucherFiles(
  voucher: { companyId: number; id: number },
  userId: number | null,
  files: StoredFile[],
) {
  return {
    owner: {
      companyId: voucher.companyId,
      ownerType: repository.VOUCHER_FILE_OWNER,
      ownerId: voucher.id,
      userId,
    },
    files: [...files].sort(
      (left, right) =>
        Number(right.mimeType === 'application/pdf') - Number(left.mimeType === 'application/pdf'),
    ),
  };
}

/** The voucher of a document kept without one, with its files and audit row, in the caller's transaction. */
export async function createVoucherOfDocument(
  tx: Db,
  document: EhfDocumentRow,
  userId: number | null,
): Promise<number> {
  await holdSharedPeriodLock(tx, document.companyId);
  const voucher = await insertVoucherOfDocument(tx, document, userId);
  const files = await repository.listDocumentFiles(tx, document.companyId, document.id);
  await repository.insertFiles(tx, [
    voucherFiles({ companyId: document.companyId, id: voucher.id }, userId, files),
  ]);
  await writeAudit(tx, voucher.audit);
  return voucher.id;
}

function statusOf(reading: Reading, isSpam: boolean): EhfDocumentStatus {
  if (isSpam) return 'spam';
  if (!reading.isRead) return 'refused';
  return reading.problems.some((problem) => problem.severity === 'fatal')
    ? 'failed-checks'
    : 'voucher-created';
}

/** Who the document is for, as the caller names it; undefined when it names no one. */
function receiverOf(
  input: ReceiveEhfInput,
): { companyId: number } | { organisationNumber: string } | undefined {
  if (input.companyId !== undefined) return { companyId: input.companyId };
  const organisationNumber = digitsOnly(input.receiverOrganisationNumber);
  return organisationNumber ? { organisationNumber } : undefined;
}

function refusedWithoutCompany(): ReceiveEhfResult {
  return {
    status: 'refused',
    companyId: null,
    voucherId: null,
    ehfDocumentId: null,
    inboxItemId: null,
    reasonKey: 'ehfReceiverUnknown',
  };
}

/**
 * Takes in one EHF document for a company, by the access point or by e-mail: records its arrival,
 * blocks spam suppliers, reads it, keeps its XML and PDF, makes its voucher (or keeps it without one
 * when a fatal rule fails), links credit notes and invoices, and tells the company's users. The same
 * message or the same document (supplier, kind, number) again adds nothing, also when both arrive at
 * once: the unique keys of ehf_documents decide inside the transaction.
 */
export async function receiveEhfDocument(
  deps: EhfIntakeDeps,
  input: ReceiveEhfInput,
): Promise<ReceiveEhfResult> {
  const { db, store } = deps;
  const receiver = receiverOf(input);
  if (!receiver) return refusedWithoutCompany();
  const reading = read(input.xml);
  const document = reading.isRead ? reading.document : undefined;
  const context = await repository.findIntakeContext(db, {
    receiver,
    messageId: input.messageId,
    sender: { organisationNumber: digitsOnly(document?.supplier.orgNumber), email: input.senderAddress },
  });
  if (!context) return refusedWithoutCompany();
  const { company, known, spam } = context;
  if (known) return duplicateOf(known, input.inboxItemId ?? null);
  const status = statusOf(reading, spam !== null);
  const stored = await storeFiles(store, company.id, input.xml, status === 'spam' ? undefined : document);
  try {
    const result = await db.transaction((tx) =>
      record(tx, company, input, { reading, status, stored, spam }),
    );
    if (result.status === 'duplicate') await removeFiles(store, stored.files);
    return result;
  } catch (error) {
    await removeFiles(store, stored.files);
    throw error;
  }
}

function duplicateOf(known: repository.KnownDelivery, inboxItemId: number | null): ReceiveEhfResult {
  return {
    status: 'duplicate',
    companyId: known.companyId,
    voucherId: known.voucherId,
    ehfDocumentId: known.id,
    inboxItemId: inboxItemId ?? known.inboxItemId,
    reasonKey: null,
  };
}

type Decision = {
  reading: Reading;
  status: EhfDocumentStatus;
  stored: { files: StoredFile[]; hasRenderedPdf: boolean };
  spam: repository.BlockingSpamSupplier | null;
};

function reasonOf(decision: Decision): { key: MessageKey | null; details: Record<string, string | number> } {
  const { reading, status } = decision;
  if (status === 'spam' && decision.spam)
    return {
      key: 'ehfSpamSupplier',
      details: { supplier: decision.spam.name, spamSupplierId: decision.spam.id },
    };
  if (!reading.isRead) return { key: reading.reasonKey, details: { detail: reading.detail } };
  const fatal = reading.problems.find((problem) => problem.severity === 'fatal');
  if (status === 'failed-checks' && fatal)
    return { key: 'ehfFailedChecks', details: { rule: fatal.rule, problem: fatal.message } };
  return { key: null, details: {} };
}

type Arrival = {
  channel: InboxChannel;
  senderName: string | null;
  senderAddress: string | null;
  subject: string | null;
  attachmentCount: number;
  sizeBytes: number;
};

/**
 * The arrival with what became of it. Mail intake recorded its arrival already and it is brought up to
 * date; an access point delivery's arrival is inserted once, complete, rather than inserted and updated.
 */
async function settleArrival(
  tx: Db,
  companyId: number,
  input: ReceiveEhfInput,
  arrival: Arrival,
  outcome: {
    status: InboxStatus;
    reason: { key: MessageKey | null; details: Record<string, string | number> };
    ehfDocumentId: number;
    voucherIds: number[];
    /** The id the document took for a new arrival. */
    id?: number;
  },
): Promise<InboxItemRow | undefined> {
  const changes = {
    status: outcome.status,
    reasonKey: outcome.reason.key,
    reasonDetails: outcome.reason.details,
    ehfDocumentId: outcome.ehfDocumentId,
    voucherIds: outcome.voucherIds,
  };
  if (input.inboxItemId !== undefined) return updateArrival(tx, companyId, input.inboxItemId, changes);
  return recordArrival(tx, {
    ...(outcome.id === undefined ? {} : { id: outcome.id }),
    companyId,
    ...arrival,
    receivedAt: new Date(),
    ...changes,
  });
}

async function record(tx: Db, company: Company, input: ReceiveEhfInput, decision: Decision) {
  const { reading, status } = decision;
  const document = reading.isRead ? reading.document : undefined;
  const fields = document && reading.isRead ? documentFields(document, reading.problems) : {};
  const kind = document ? KIND[document.documentType] : undefined;
  const supplierName = document?.supplier.name ?? document?.supplier.tradingName ?? null;
  const subject = document && kind ? `${TITLE[kind]} ${document.id}` : null;
  const reason = reasonOf(decision);
  const arrival: Arrival = {
    channel: input.channel,
    senderName: supplierName,
    senderAddress: digitsOnly(document?.supplier.orgNumber) ?? input.senderAddress ?? null,
    subject,
    attachmentCount: decision.stored.files.length,
    sizeBytes: Buffer.byteLength(input.xml, 'utf8'),
  };

  // The document goes in first: its unique keys decide whether it is new before anything else is written.
  const takesVoucherId = status === 'voucher-created';
  const inserted = await repository.insertEhfDocumentUnlessKnown(
    tx,
    {
      companyId: company.id,
      messageId: input.messageId ?? null,
      channel: input.channel,
      status,
      ...fields,
      reasonKey: reason.key,
      reasonDetails: reason.details,
      senderAddress: input.senderAddress ?? null,
      hasRenderedPdf: decision.stored.hasRenderedPdf,
      inboxItemId: input.inboxItemId ?? null,
    },
    {
      takesVoucherId,
      takesInboxItemId: input.inboxItemId === undefined,
      creditedInvoice:
        fields.documentKind === 'creditnote' && fields.supplierKey && fields.billingReference
          ? {
              supplierKey: fields.supplierKey,
              documentKind: 'invoice',
              documentNumber: fields.billingReference,
            }
          : undefined,
    },
  );

  if (!inserted) {
    const known =
      (input.messageId
        ? await repository.findEhfDocumentByMessage(tx, company.id, input.messageId)
        : undefined) ??
      (fields.supplierKey && fields.documentKind && fields.documentNumber
        ? await repository.findEhfDocumentByNumber(tx, company.id, {
            supplierKey: fields.supplierKey,
            documentKind: fields.documentKind,
            documentNumber: fields.documentNumber,
          })
        : undefined);
    if (!known) throw new Error('an EHF document conflicted with one that cannot be found');
    const duplicate = await settleArrival(tx, company.id, input, arrival, {
      status: INBOX_STATUS.duplicate,
      reason: { key: null, details: {} },
      ehfDocumentId: known.id,
      voucherIds: known.voucherId === null ? [] : [known.voucherId],
    });
    return duplicateOf(known, duplicate?.id ?? input.inboxItemId ?? null);
  }

  await linkWaitingCreditNotes(tx, inserted);
  const voucher = takesVoucherId ? await insertVoucherOfDocument(tx, inserted, null) : null;
  const voucherId = voucher?.id ?? null;
  // The voucher's files after the voucher: the period lock reads its booking day as they are written.
  await repository.insertFiles(tx, [
    {
      owner: {
        companyId: company.id,
        ownerType: repository.EHF_DOCUMENT_FILE_OWNER,
        ownerId: inserted.id,
        userId: null,
      },
      files: decision.stored.files,
    },
    ...(voucher
      ? [voucherFiles({ companyId: company.id, id: voucher.id }, null, decision.stored.files)]
      : []),
  ]);
  const settled = await settleArrival(tx, company.id, input, arrival, {
    status: INBOX_STATUS[status],
    reason,
    ehfDocumentId: inserted.id,
    voucherIds: voucherId === null ? [] : [voucherId],
    ...(inserted.inboxItemId === null ? {} : { id: inserted.inboxItemId }),
  });
  const inboxItemId = settled?.id ?? input.inboxItemId ?? null;

  const documentAudit: AuditEntry = {
    companyId: company.id,
    userId: null,
    entity: 'ehf-document',
    entityId: inserted.id,
    action: 'create',
    after: { ...auditSnapshot(inserted), channel: input.channel },
  };
  await writeAudits(tx, voucher ? [voucher.audit, documentAudit] : [documentAudit]);
  await notify(tx, company, inserted, { subject, supplierName, inboxUuid: settled?.uuid, reason });
  return {
    status,
    companyId: company.id,
    voucherId,
    ehfDocumentId: inserted.id,
    inboxItemId,
    reasonKey: reason.key,
  } satisfies ReceiveEhfResult;
}

function auditSnapshot(row: EhfDocumentRow) {
  const { lines: _lines, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

/** An invoice takes the credit notes of its supplier that named it before it came. */
async function linkWaitingCreditNotes(tx: Db, document: EhfDocumentRow): Promise<void> {
  const { supplierKey, documentNumber } = document;
  if (document.documentKind !== 'invoice' || !supplierKey || !documentNumber) return;
  await repository.linkWaitingCreditNotes(tx, document.companyId, {
    id: document.id,
    supplierKey,
    documentNumber,
  });
}

async function notify(
  tx: Db,
  company: Company,
  document: EhfDocumentRow,
  about: {
    subject: string | null;
    supplierName: string | null;
    inboxUuid: string | undefined;
    reason: { key: MessageKey | null; details: Record<string, string | number> };
  },
) {
  const sender = about.supplierName ?? document.supplierOrganisationNumber ?? 'EHF';
  if (document.status === 'voucher-created') {
    await notifyCompanyUsers(tx, {
      companyId: company.id,
      kind: 'inbox-arrived',
      details: { count: 1, sender, subject: about.subject ?? '' },
      link: about.inboxUuid ? `/${company.alias}/inbox/${about.inboxUuid}` : `/${company.alias}/admin-ehf`,
    });
    return;
  }
  if (document.status === 'failed-checks' || document.status === 'refused') {
    const problem =
      document.status === 'failed-checks'
        ? `${about.reason.details.rule ?? ''}: ${about.reason.details.problem ?? ''}`
        : String(about.reason.details.detail ?? '');
    await notifyCompanyUsers(tx, {
      companyId: company.id,
      kind: 'ehf-failed-checks',
      details: { sender, problem },
      link: `/${company.alias}/admin-ehf?document=${document.id}`,
    });
  }
}
