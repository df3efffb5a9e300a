import type { InboxStatus } from '@bilag/contracts';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  companyUsers,
  inboxItemReads,
  inboxItems,
  storedFiles,
  users,
  vouchers,
} from '../../db/schema';
import {
  type MailAttachmentRow,
  mailAcceptedSenders,
  mailAttachments,
  mailMessages,
  mailSmtpRefusals,
} from './mail-intake.table';

export type NewMailMessage = typeof mailMessages.$inferInsert;
export type NewMailAttachment = Omit<typeof mailAttachments.$inferInsert, 'id' | 'createdAt'>;
export type NewSmtpRefusal = Omit<typeof mailSmtpRefusals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The company whose address has this local part (its alias, compared without case). */
export async function findCompanyByAlias(db: Db, alias: string) {
  const [row] = await db
    .select({ id: companies.id, alias: companies.alias, name: companies.name })
    .from(companies)
    .where(sql`lower(${companies.alias}) = ${alias.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findCompany(db: Db, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, alias: companies.alias, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export async function insertMailMessage(db: Db, message: NewMailMessage) {
  const [row] = await db.insert(mailMessages).values(message).returning();
  if (!row) throw new Error('the mail message was not recorded');
  return row;
}

export async function findMailMessage(db: Db, companyId: number, inboxItemId: number) {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.companyId, companyId), eq(mailMessages.inboxItemId, inboxItemId)));
  return row;
}

export async function updateMailMessage(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<Omit<NewMailMessage, 'id' | 'companyId'>>,
) {
  await db
    .update(mailMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(mailMessages.companyId, companyId), eq(mailMessages.id, id)));
}

export async function findInboxItem(db: Db, companyId: number, inboxItemId: number) {
  const [row] = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.companyId, companyId), eq(inboxItems.id, inboxItemId)));
  return row;
}

/** Locks the arrival for the rest of the transaction, so two reviews or two runs do not both act. */
export async function findInboxItemForUpdate(db: Db, companyId: number, inboxItemId: number) {
  const [row] = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.companyId, companyId), eq(inboxItems.id, inboxItemId)))
    .for('update');
  return row;
}

export async function findInboxItemByUuid(db: Db, companyId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.companyId, companyId), eq(inboxItems.uuid, uuid)));
  return row;
}

export async function isInboxItemRead(db: Db, companyId: number, inboxItemId: number, userId: number) {
  const [row] = await db
    .select({ userId: inboxItemReads.userId })
    .from(inboxItemReads)
    .where(
      and(
        eq(inboxItemReads.companyId, companyId),
        eq(inboxItemReads.inboxItemId, inboxItemId),
        eq(inboxItemReads.userId, userId),
      ),
    );
  return row !== undefined;
}

/** The member (or owner) of the company with this e-mail address, if any. */
export async function findCompanyUserByEmail(db: Db, companyId: number, email: string) {
  const address = email.toLowerCase();
  const [member] = await db
    .select({ id: users.id })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, companyId), sql`lower(${users.email}) = ${address}`))
    .limit(1);
  if (member) return member;
  const [owner] = await db
    .select({ id: users.id })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(and(eq(companies.id, companyId), sql`lower(${users.email}) = ${address}`));
  return owner;
}

export async function findAcceptedSender(db: Db, companyId: number, address: string) {
  const [row] = await db
    .select()
    .from(mailAcceptedSenders)
    .where(
      and(
        eq(mailAcceptedSenders.companyId, companyId),
        eq(mailAcceptedSenders.address, address.toLowerCase()),
      ),
    );
  return row;
}

export async function insertAcceptedSender(db: Db, companyId: number, address: string, acceptedBy: number) {
  await db
    .insert(mailAcceptedSenders)
    .values({ companyId, address: address.toLowerCase(), acceptedBy })
    .onConflictDoNothing();
}

/** A live voucher of the company holding a file with these bytes, whichever way it came in. */
export async function findVoucherWithFile(db: Db, companyId: number, sha256: string) {
  const [row] = await db
    .select({ voucherId: vouchers.id })
    .from(storedFiles)
    .innerJoin(
      vouchers,
      and(eq(vouchers.companyId, storedFiles.companyId), eq(vouchers.id, storedFiles.ownerId)),
    )
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.ownerType, 'voucher'),
        eq(storedFiles.sha256, sha256),
        sql`${vouchers.deletedAt} is null`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertVoucherRow(db: Db, voucher: typeof vouchers.$inferInsert) {
  const [row] = await db.insert(vouchers).values(voucher).returning();
  if (!row) throw new Error('the voucher was not created');
  return row;
}

export async function replaceAttachments(
  db: Db,
  companyId: number,
  inboxItemId: number,
  rows: NewMailAttachment[],
) {
  await db
    .delete(mailAttachments)
    .where(and(eq(mailAttachments.companyId, companyId), eq(mailAttachments.inboxItemId, inboxItemId)));
  if (rows.length > 0) await db.insert(mailAttachments).values(rows);
}

export function listAttachments(
  db: Db,
  companyId: number,
  inboxItemIds: number[],
): Promise<MailAttachmentRow[]> {
  if (inboxItemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.companyId, companyId), inArray(mailAttachments.inboxItemId, inboxItemIds)))
    .orderBy(mailAttachments.inboxItemId, mailAttachments.position);
}

/** Attachments of arrivals of any company (the admin pages), keyed by company and arrival. */
export function listAttachmentsOfArrivals(db: Db, arrivals: { companyId: number; id: number }[]) {
  if (arrivals.length === 0) return Promise.resolve([] as MailAttachmentRow[]);
  return db
    .select()
    .from(mailAttachments)
    .where(
      or(
        ...arrivals.map((arrival) =>
          and(eq(mailAttachments.companyId, arrival.companyId), eq(mailAttachments.inboxItemId, arrival.id)),
        ),
      ),
    )
    .orderBy(mailAttachments.position);
}

export function listWaitingArrivals(db: Db, companyId: number) {
  return db
    .select({ id: inboxItems.id })
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.companyId, companyId),
        eq(inboxItems.channel, 'email'),
        eq(inboxItems.status, 'received'),
      ),
    );
}

export async function insertSmtpRefusal(db: Db, refusal: NewSmtpRefusal) {
  await db.insert(mailSmtpRefusals).values(refusal);
}

const arrivalColumns = {
  item: inboxItems,
  companyName: companies.name,
};

export async function listEmailArrivals(
  db: Db,
  filter: { status?: InboxStatus | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(inboxItems.channel, 'email'),
    filter.status ? eq(inboxItems.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(arrivalColumns)
      .from(inboxItems)
      .innerJoin(companies, eq(companies.id, inboxItems.companyId))
      .where(where)
      .orderBy(desc(inboxItems.receivedAt), desc(inboxItems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(inboxItems).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function listCompanyAddresses(
  db: Db,
  filter: { search?: string | undefined; limit: number; offset: number },
) {
  const pattern = filter.search
    ? `%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
    : undefined;
  const where = pattern ? or(ilike(companies.name, pattern), ilike(companies.alias, pattern)) : undefined;
  const senders = db
    .select({ companyId: mailAcceptedSenders.companyId, senders: count().as('senders') })
    .from(mailAcceptedSenders)
    .groupBy(mailAcceptedSenders.companyId)
    .as('senders');
  const arrivals = db
    .select({
      companyId: inboxItems.companyId,
      arrivals: count().as('arrivals'),
      lastArrivalAt: sql<Date | string | null>`max(${inboxItems.receivedAt})`.as('last_arrival_at'),
    })
    .from(inboxItems)
    .where(eq(inboxItems.channel, 'email'))
    .groupBy(inboxItems.companyId)
    .as('arrivals');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        companyId: companies.id,
        companyName: companies.name,
        alias: companies.alias,
        acceptedSenders: sql<number>`coalesce(${senders.senders}, 0)`,
        arrivals: sql<number>`coalesce(${arrivals.arrivals}, 0)`,
        lastArrivalAt: arrivals.lastArrivalAt,
      })
      .from(companies)
      .leftJoin(senders, eq(senders.companyId, companies.id))
      .leftJoin(arrivals, eq(arrivals.companyId, companies.id))
      .where(where)
      .orderBy(companies.name, companies.id)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export function listSmtpRefusals(db: Db, limit: number) {
  return db
    .select({ refusal: mailSmtpRefusals, companyName: companies.name })
    .from(mailSmtpRefusals)
    .leftJoin(companies, eq(companies.id, mailSmtpRefusals.forCompanyId))
    .orderBy(desc(mailSmtpRefusals.createdAt), desc(mailSmtpRefusals.id))
    .limit(limit);
}

/** Whole mails refused or blocked, newest first. */
export function listRefusedArrivals(db: Db, limit: number) {
  return db
    .select(arrivalColumns)
    .from(inboxItems)
    .innerJoin(companies, eq(companies.id, inboxItems.companyId))
    .where(
      and(
        eq(inboxItems.channel, 'email'),
        inArray(inboxItems.status, ['refused', 'spam']),
        isNotNull(inboxItems.reasonKey),
      ),
    )
    .orderBy(desc(inboxItems.receivedAt))
    .limit(limit);
}

export function listRefusedAttachments(db: Db, limit: number) {
  return db
    .select({ attachment: mailAttachments, item: inboxItems, companyName: companies.name })
    .from(mailAttachments)
    .innerJoin(
      inboxItems,
      and(
        eq(inboxItems.companyId, mailAttachments.companyId),
        eq(inboxItems.id, mailAttachments.inboxItemId),
      ),
    )
    .innerJoin(companies, eq(companies.id, mailAttachments.companyId))
    .where(eq(mailAttachments.outcome, 'refused'))
    .orderBy(desc(mailAttachments.createdAt), desc(mailAttachments.id))
    .limit(limit);
}

/** Arrivals by e-mail per Oslo day since a time: received, and of those made into vouchers or refused. */
export async function countArrivalsPerDay(db: Db, since: Date) {
  const day = sql<string>`to_char(${inboxItems.receivedAt} at time zone 'Europe/Oslo', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      received: count(),
      vouchers: sql<number>`count(*) filter (where ${inboxItems.status} = 'voucher-created')`,
      refused: sql<number>`count(*) filter (where ${inboxItems.status} in ('refused', 'spam'))`,
    })
    .from(inboxItems)
    .where(and(eq(inboxItems.channel, 'email'), gte(inboxItems.receivedAt, since)))
    .groupBy(day);
  return rows.map((row) => ({
    date: row.date,
    received: Number(row.received),
    vouchers: Number(row.vouchers),
    refused: Number(row.refused),
  }));
}

/** The company's live vouchers that came by e-mail, newest first. */
export async function listEmailVouchers(
  db: Db,
  companyId: number,
  source: number,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(vouchers.companyId, companyId),
    eq(vouchers.source, source),
    sql`${vouchers.deletedAt} is null`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
