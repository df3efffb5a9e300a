import type {
  EhfDocumentDetail,
  EhfDocumentFile,
  EhfDocumentFilter,
  EhfDocumentPage,
  EhfDocumentSummary,
  EhfLinkedDocument,
  Language,
} from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { isMessageKey, translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyAccess } from '../companies';
import { updateArrival } from '../inbox';
import * as repository from './ehf-document.repository';
import type { EhfDocumentRow } from './ehf-document.table';
import { createVoucherOfDocument } from './ehf-intake.service';

function reasonText(row: EhfDocumentRow, language: Language): string | null {
  if (!row.reasonKey || !isMessageKey(row.reasonKey)) return null;
  return translate(language, row.reasonKey, row.reasonDetails);
}

function toSummary(
  row: EhfDocumentRow,
  inboxItemUuid: string | null,
  language: Language,
): EhfDocumentSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    status: row.status,
    channel: row.channel,
    documentKind: row.documentKind,
    documentNumber: row.documentNumber,
    supplierName: row.supplierName,
    supplierOrganisationNumber: row.supplierOrganisationNumber,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    payableAmountOre: row.payableAmountOre,
    problems: row.problems,
    reason: reasonText(row, language),
    voucherId: row.voucherId,
    inboxItemUuid,
    receivedAt: row.receivedAt.toISOString(),
  };
}

function toLinked(row: EhfDocumentRow): EhfLinkedDocument | null {
  if (!row.documentKind) return null;
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentNumber: row.documentNumber,
    voucherId: row.voucherId,
  };
}

async function toDetail(db: Db, row: EhfDocumentRow, language: Language): Promise<EhfDocumentDetail> {
  const [inboxItemUuid, files, creditNotes, credited] = await Promise.all([
    repository.findInboxItemUuid(db, row.companyId, row.inboxItemId),
    repository.listDocumentFiles(db, row.companyId, row.id),
    repository.listCreditNotesOf(db, row.companyId, row.id),
    row.creditedDocumentId === null
      ? undefined
      : repository.findEhfDocument(db, row.companyId, row.creditedDocumentId),
  ]);
  return {
    ...toSummary(row, inboxItemUuid, language),
    messageId: row.messageId,
    customerName: row.customerName,
    customerOrganisationNumber: row.customerOrganisationNumber,
    kid: row.kid,
    supplierAccount: row.supplierAccount,
    buyerReference: row.buyerReference,
    orderReference: row.orderReference,
    billingReference: row.billingReference,
    lineExtensionAmountOre: row.lineExtensionAmountOre,
    taxExclusiveAmountOre: row.taxExclusiveAmountOre,
    taxAmountOre: row.taxAmountOre,
    taxInclusiveAmountOre: row.taxInclusiveAmountOre,
    lines: row.lines,
    vatRates: row.vatRates,
    files: files.map(
      (file): EhfDocumentFile => ({
        id: file.id,
        kind: file.mimeType === 'application/pdf' ? 'pdf' : 'xml',
        fileName: file.fileName,
        mimeType: file.mimeType,
        size: file.size,
        isRendition: file.mimeType === 'application/pdf' && row.hasRenderedPdf,
      }),
    ),
    creditedInvoice: credited ? toLinked(credited) : null,
    creditNotes: creditNotes.map(toLinked).filter((linked): linked is EhfLinkedDocument => linked !== null),
  };
}

async function requireDocument(db: Db, companyId: number, id: number, options: { lock?: boolean } = {}) {
  const row = await repository.findEhfDocument(db, companyId, id, options);
  if (!row) throw Errors.notFound('ehfDocumentNotFound');
  return row;
}

export async function listEhfDocuments(
  db: Db,
  principal: Principal,
  filter: EhfDocumentFilter,
  language: Language,
): Promise<EhfDocumentPage> {
  const company = await requireCompanyAccess(db, principal.userId, filter.companyId);
  const { rows, total } = await repository.listEhfDocuments(db, { ...filter, companyId: company.Id });
  return { total, rows: rows.map((row) => toSummary(row.document, row.inboxItemUuid, language)) };
}

export async function getEhfDocument(
  db: Db,
  principal: Principal,
  companyIdInput: number,
  id: number,
  language: Language,
): Promise<EhfDocumentDetail> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  return toDetail(db, await requireDocument(db, company.Id, id), language);
}

export async function getEhfDocumentOfVoucher(
  db: Db,
  principal: Principal,
  companyIdInput: number,
  voucherId: number,
  language: Language,
): Promise<EhfDocumentDetail | null> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const row = await repository.findEhfDocumentOfVoucher(db, company.Id, voucherId);
  return row ? toDetail(db, row, language) : null;
}

export async function downloadEhfDocumentFile(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId: number; id: number; fileId: number },
) {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const files = await repository.listDocumentFiles(db, company.Id, input.id);
  const file = files.find((candidate) => candidate.id === input.fileId);
  if (!file) throw Errors.notFound('ehfDocumentNotFound');
  return { bytes: await store.get(file.storageKey), mimeType: file.mimeType, fileName: file.fileName };
}

/**
 * A person has read why a document failed its checks and books it anyway. Only a document kept
 * without a voucher can get one, once: the row is locked, so two clicks make one voucher.
 */
export async function createVoucherFromEhfDocument(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
  language: Language,
): Promise<EhfDocumentDetail> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const saved = await db.transaction(async (tx) => {
    const row = await requireDocument(tx, company.Id, input.id, { lock: true });
    if (row.status !== 'failed-checks' || row.voucherId !== null)
      throw Errors.conflict('ehfVoucherNotNeeded', { status: row.status });
    const voucherId = await createVoucherOfDocument(tx, row, principal.userId);
    const updated = await repository.updateEhfDocument(tx, company.Id, row.id, {
      status: 'voucher-created',
      voucherId,
    });
    if (!updated) throw Errors.notFound('ehfDocumentNotFound');
    if (row.inboxItemId !== null) {
      await updateArrival(tx, company.Id, row.inboxItemId, {
        status: 'voucher-created',
        voucherIds: [voucherId],
      });
    }
    await writeAudit(tx, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'ehf-document',
      entityId: row.id,
      action: 'voucher-made-anyway',
      before: { status: row.status, voucherId: row.voucherId, problems: row.problems },
      after: { status: updated.status, voucherId },
    });
    return updated;
  });
  return toDetail(db, saved, language);
}
