import { randomUUID } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles, vouchers } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';
import { type InboxItemRow, inboxItemReads, inboxItems, type NewInboxItem } from './inbox.table';

export type NewArrival = Omit<NewInboxItem, 'id' | 'uuid' | 'createdAt' | 'updatedAt'>;

/** The owner type of files kept with an arrival itself (the mail as received, the EHF document). */
export const INBOX_ITEM_FILE_OWNER = 'inbox-item';

/**
 * Inserts the arrival, under the id taken for it beforehand where it has one, and sends `notice` in the
 * same statement.
 */
export async function insertInboxItem(
  db: Db,
  arrival: NewArrival & { id?: number },
  notice: SQL,
): Promise<InboxItemRow> {
  const [row] = await db
    .insert(inboxItems)
    .overridingSystemValue()
    .values({ ...arrival, uuid: randomUUID() })
    .returning({ ...getTableColumns(inboxItems), notice: sql`${notice}` });
  if (!row) throw new Error('inbox item was not inserted');
  const { notice: _notice, ...inserted } = row;
  return inserted;
}

/** Records what became of the arrival and sends `notice` in the same statement, where there was one. */
export async function updateInboxItem(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<Omit<NewInboxItem, 'id' | 'companyId' | 'uuid'>>,
  notice: SQL,
): Promise<InboxItemRow | undefined> {
  const [row] = await db
    .update(inboxItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(inboxItems.companyId, companyId), eq(inboxItems.id, id)))
    .returning({ ...getTableColumns(inboxItems), notice: sql`${notice}` });
  if (!row) return undefined;
  const { notice: _notice, ...updated } = row;
  return updated;
}

export type Reader = { companyId: number; userId: number };
export type InboxRow = InboxItemRow & { isRead: boolean };

const readJoin = (reader: Reader) =>
  and(
    eq(inboxItemReads.companyId, inboxItems.companyId),
    eq(inboxItemReads.inboxItemId, inboxItems.id),
    eq(inboxItemReads.userId, reader.userId),
  );

/**
 * The filter of the list. The search is a substring of sender, address or subject within one company:
 * the company's rows are reached through its index, newest first, so a page of a common word stops
 * early, and a rare word scans at most that company's arrivals.
 */
function listFilter(
  reader: Reader,
  filter: { searchText?: string | undefined; isRead?: boolean | undefined },
) {
  const conditions: (SQL | undefined)[] = [eq(inboxItems.companyId, reader.companyId)];
  if (filter.searchText) {
    const pattern = `%${escapeLike(filter.searchText)}%`;
    conditions.push(
      or(
        ilike(inboxItems.senderName, pattern),
        ilike(inboxItems.senderAddress, pattern),
        ilike(inboxItems.subject, pattern),
      ),
    );
  }
  if (filter.isRead === true) conditions.push(isNotNull(inboxItemReads.userId));
  if (filter.isRead === false) conditions.push(isNull(inboxItemReads.userId));
  return and(...conditions);
}

export async function listInboxItems(
  db: Db,
  reader: Reader,
  filter: { searchText?: string | undefined; isRead?: boolean | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  const where = listFilter(reader, filter);
  const [rows, totals] = await Promise.all([
    db
      .select({ item: inboxItems, readBy: inboxItemReads.userId })
      .from(inboxItems)
      .leftJoin(inboxItemReads, readJoin(reader))
      .where(where)
      .orderBy(desc(inboxItems.receivedAt), desc(inboxItems.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(inboxItems).leftJoin(inboxItemReads, readJoin(reader)).where(where),
  ]);
  return {
    rows: rows.map(({ item, readBy }) => ({ ...item, isRead: readBy !== null })),
    total: totals[0]?.total ?? 0,
  };
}

export async function countUnreadInboxItems(db: Db, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(inboxItems)
    .leftJoin(inboxItemReads, readJoin(reader))
    .where(and(eq(inboxItems.companyId, reader.companyId), isNull(inboxItemReads.userId)));
  return row?.unread ?? 0;
}

async function findInboxItemWhere(
  db: Db,
  reader: Reader,
  match: SQL | undefined,
): Promise<InboxRow | undefined> {
  const [row] = await db
    .select({ item: inboxItems, readBy: inboxItemReads.userId })
    .from(inboxItems)
    .leftJoin(inboxItemReads, readJoin(reader))
    .where(and(eq(inboxItems.companyId, reader.companyId), match))
    .limit(1);
  return row ? { ...row.item, isRead: row.readBy !== null } : undefined;
}

export function findInboxItem(db: Db, reader: Reader, id: number) {
  return findInboxItemWhere(db, reader, eq(inboxItems.id, id));
}

export function findInboxItemByUuid(db: Db, reader: Reader, uuid: string) {
  return findInboxItemWhere(db, reader, eq(inboxItems.uuid, uuid));
}

/** Marks the arrival read for the reader, keeping the first time it was read. */
export async function markInboxItemRead(db: Db, reader: Reader, inboxItemId: number): Promise<void> {
  await db
    .insert(inboxItemReads)
    .values({ companyId: reader.companyId, inboxItemId, userId: reader.userId })
    .onConflictDoNothing();
}

/** Marks every arrival of the company read for the reader; answers how many were unread. */
export async function markAllInboxItemsRead(db: Db, reader: Reader): Promise<number> {
  const rows = await db
    .insert(inboxItemReads)
    .select(
      db
        .select({
          companyId: inboxItems.companyId,
          inboxItemId: inboxItems.id,
          userId: sql<number>`${reader.userId}::integer`.as('user_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(inboxItems)
        .where(eq(inboxItems.companyId, reader.companyId)),
    )
    .onConflictDoNothing()
    .returning({ id: inboxItemReads.inboxItemId });
  return rows.length;
}

export function listVouchersOfArrival(db: Db, companyId: number, voucherIds: number[]) {
  if (voucherIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: vouchers.id,
      supplierName: vouchers.supplierName,
      amountOre: vouchers.amountOre,
      currency: vouchers.currency,
      date: vouchers.voucherDate,
      deletedAt: vouchers.deletedAt,
    })
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, voucherIds)))
    .orderBy(vouchers.id);
}

export function listFilesOfArrival(db: Db, companyId: number, inboxItemId: number) {
  return db
    .select({
      id: storedFiles.id,
      fileName: storedFiles.fileName,
      mimeType: storedFiles.mimeType,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.ownerType, INBOX_ITEM_FILE_OWNER),
        eq(storedFiles.ownerId, inboxItemId),
      ),
    )
    .orderBy(storedFiles.id);
}
