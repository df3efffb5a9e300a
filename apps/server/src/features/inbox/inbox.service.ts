import type { InboxDetail, InboxFilter, InboxItem, InboxPage, Language } from '@bilag/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { isMessageKey, translate } from '../../platform/messages';
import { requireCompanyAccess } from '../companies';
import { announceLiveChange, liveChangeNotice } from '../notifications';
import * as repository from './inbox.repository';
import type { InboxItemRow } from './inbox.table';

/**
 * Records what arrived for a company and tells its open inbox screens. Given a transaction, the
 * screens hear of it when it commits. An intake that had to name the arrival in a row written before it
 * gives the id it took for it.
 */
export function recordArrival(
  db: Db,
  arrival: repository.NewArrival & { id?: number },
): Promise<InboxItemRow> {
  return repository.insertInboxItem(
    db,
    arrival,
    liveChangeNotice({ topic: 'inbox', companyId: arrival.companyId }),
  );
}

/** Records what became of an arrival (its status, reason, vouchers) and tells the open inbox screens. */
export function updateArrival(
  db: Db,
  companyId: number,
  id: number,
  changes: Parameters<typeof repository.updateInboxItem>[3],
): Promise<InboxItemRow | undefined> {
  return repository.updateInboxItem(
    db,
    companyId,
    id,
    changes,
    liveChangeNotice({ topic: 'inbox', companyId }),
  );
}

/** A reason in the reader's language; a key the product does not know is shown as it is. */
export function readableReason(
  language: Language,
  key: string | null,
  details: Record<string, string | number>,
): string | null {
  if (!key) return null;
  return isMessageKey(key) ? translate(language, key, details) : key;
}

export function toInboxItem(row: InboxItemRow, isRead: boolean, language: Language): InboxItem {
  return {
    id: row.id,
    uuid: row.uuid,
    companyId: row.companyId,
    channel: row.channel,
    senderName: row.senderName,
    senderAddress: row.senderAddress,
    subject: row.subject,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    reason: readableReason(language, row.reasonKey, row.reasonDetails),
    voucherIds: row.voucherIds,
    ehfDocumentId: row.ehfDocumentId,
    attachmentCount: row.attachmentCount,
    isRead,
  };
}

export async function computeInbox(
  db: Db,
  principal: Principal,
  filter: InboxFilter,
  language: Language,
): Promise<InboxPage> {
  const company = await requireCompanyAccess(db, principal.userId, filter.companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  const [page, countUnRead] = await Promise.all([
    repository.listInboxItems(
      db,
      reader,
      { searchText: filter.filterSearchText, isRead: filter.filterIsRead },
      { limit: filter.pagesize, offset: (filter.page - 1) * filter.pagesize },
    ),
    repository.countUnreadInboxItems(db, reader),
  ]);
  return {
    rows: page.rows.map((row) => toInboxItem(row, row.isRead, language)),
    total: page.total,
    countUnRead,
  };
}

export async function readInboxItem(
  db: Db,
  principal: Principal,
  input: { id: number; companyId: number },
  language: Language,
): Promise<InboxItem> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  const row = await repository.findInboxItem(db, reader, input.id);
  if (!row) throw Errors.notFound('inboxItemNotFound');
  if (!row.isRead) await markRead(db, reader, row.id);
  return toInboxItem(row, true, language);
}

async function markRead(db: Db, reader: repository.Reader, inboxItemId: number) {
  await db.transaction(async (tx) => {
    await repository.markInboxItemRead(tx, reader, inboxItemId);
    // The reader's other tabs update their unread count; nobody else's changes.
    await announceLiveChange(tx, { topic: 'inbox', ...reader });
  });
}

export async function markInboxRead(db: Db, principal: Principal, companyId: number) {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  await db.transaction(async (tx) => {
    const marked = await repository.markAllInboxItemsRead(tx, reader);
    if (marked > 0) await announceLiveChange(tx, { topic: 'inbox', ...reader });
  });
  return null;
}

/** One arrival of the company with what it became; opening it marks it read for the reader. */
export async function inboxItemDetail(
  db: Db,
  principal: Principal,
  input: { uuid: string; companyId: number },
  language: Language,
): Promise<InboxDetail> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  const row = await repository.findInboxItemByUuid(db, reader, input.uuid);
  if (!row) throw Errors.notFound('inboxItemNotFound');
  const [vouchers, files] = await Promise.all([
    repository.listVouchersOfArrival(db, company.Id, row.voucherIds),
    repository.listFilesOfArrival(db, company.Id, row.id),
    row.isRead ? Promise.resolve() : markRead(db, reader, row.id),
  ]);
  return {
    ...toInboxItem(row, true, language),
    sizeBytes: row.sizeBytes,
    vouchers: vouchers.map(({ deletedAt, ...voucher }) => ({ ...voucher, isDeleted: deletedAt !== null })),
    files,
  };
}
