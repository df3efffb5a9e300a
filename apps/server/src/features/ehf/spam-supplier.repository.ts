import type { InboxChannel } from '@bilag/contracts';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, inboxItems } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';
import { type SpamSupplierRow, spamSuppliers } from './spam-supplier.table';

export type SpamCheck = {
  companyId: number;
  organisationNumber?: string | undefined;
  email?: string | undefined;
};

/**
 * What an entry of the spam-supplier list that blocks this sender for the company matches; undefined when
 * the sender has nothing an entry could name. The company may be a column of the query it goes into.
 */
export function spamSupplierMatch(
  check: Omit<SpamCheck, 'companyId'> & { companyId: number | AnyPgColumn },
): SQL | undefined {
  const matches: SQL[] = [];
  const organisationNumber = check.organisationNumber?.replace(/\s/g, '');
  if (organisationNumber) matches.push(eq(spamSuppliers.organisationNumber, organisationNumber));
  const email = check.email?.trim().toLowerCase();
  if (email) {
    matches.push(eq(spamSuppliers.emailPattern, email));
    const at = email.lastIndexOf('@');
    if (at >= 0) matches.push(eq(spamSuppliers.emailPattern, email.slice(at)));
  }
  if (matches.length === 0) return undefined;
  return and(
    or(isNull(spamSuppliers.forCompanyId), eq(spamSuppliers.forCompanyId, check.companyId)),
    or(...matches),
  );
}

/** The entry of the spam-supplier list that blocks this sender for the company, if any. */
export async function findSpamSupplier(db: Db, check: SpamCheck): Promise<SpamSupplierRow | undefined> {
  const match = spamSupplierMatch(check);
  if (!match) return undefined;
  const [row] = await db.select().from(spamSuppliers).where(match).limit(1);
  return row;
}

export type SpamSupplierWithCompany = SpamSupplierRow & { companyName: string | null };

const withCompany = {
  row: spamSuppliers,
  companyName: companies.name,
};

function withCompanyName(
  rows: { row: SpamSupplierRow; companyName: string | null }[],
): SpamSupplierWithCompany[] {
  return rows.map(({ row, companyName }) => ({ ...row, companyName }));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(spamSuppliers.name, pattern),
    ilike(spamSuppliers.organisationNumber, `%${escapeLike(search.replace(/\s/g, ''))}%`),
    ilike(spamSuppliers.emailPattern, pattern),
    ilike(spamSuppliers.reason, pattern),
    ilike(companies.name, pattern),
  );
}

export async function listSpamSuppliers(
  db: Db,
  filter: { search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: SpamSupplierWithCompany[]; total: number }> {
  const where = searchCondition(filter.search);
  const rows = await db
    .select(withCompany)
    .from(spamSuppliers)
    .leftJoin(companies, eq(companies.id, spamSuppliers.forCompanyId))
    .where(where)
    .orderBy(desc(spamSuppliers.createdAt), desc(spamSuppliers.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ total: count() })
    .from(spamSuppliers)
    .leftJoin(companies, eq(companies.id, spamSuppliers.forCompanyId))
    .where(where);
  return { rows: withCompanyName(rows), total: total?.total ?? 0 };
}

export async function findSpamSupplierById(db: Db, id: number): Promise<SpamSupplierWithCompany | undefined> {
  const rows = await db
    .select(withCompany)
    .from(spamSuppliers)
    .leftJoin(companies, eq(companies.id, spamSuppliers.forCompanyId))
    .where(eq(spamSuppliers.id, id));
  return withCompanyName(rows)[0];
}

/** An entry of the same scope that already names the organisation number or the address. */
export async function findSameSender(
  db: Db,
  sender: { forCompanyId: number | null; organisationNumber: string | null; emailPattern: string | null },
): Promise<SpamSupplierRow | undefined> {
  const sameSender: SQL[] = [];
  if (sender.organisationNumber)
    sameSender.push(eq(spamSuppliers.organisationNumber, sender.organisationNumber));
  if (sender.emailPattern) sameSender.push(eq(spamSuppliers.emailPattern, sender.emailPattern));
  if (sameSender.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(spamSuppliers)
    .where(
      and(sql`coalesce(${spamSuppliers.forCompanyId}, 0) = ${sender.forCompanyId ?? 0}`, or(...sameSender)),
    )
    .orderBy(spamSuppliers.id)
    .limit(1);
  return row;
}

export type SpamSupplierValues = {
  forCompanyId: number | null;
  organisationNumber: string | null;
  emailPattern: string | null;
  name: string;
  reason: string | null;
};

export async function insertSpamSupplier(
  db: Db,
  values: SpamSupplierValues & { createdBy: number },
): Promise<SpamSupplierRow> {
  const [row] = await db.insert(spamSuppliers).values(values).returning();
  if (!row) throw new Error('spam supplier was not inserted');
  return row;
}

export async function updateSpamSupplier(
  db: Db,
  id: number,
  values: SpamSupplierValues,
): Promise<SpamSupplierRow | undefined> {
  const [row] = await db
    .update(spamSuppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(spamSuppliers.id, id))
    .returning();
  return row;
}

export async function deleteSpamSupplier(db: Db, id: number): Promise<SpamSupplierRow | undefined> {
  const [row] = await db.delete(spamSuppliers).where(eq(spamSuppliers.id, id)).returning();
  return row;
}

/** The entry an arrival blocked as spam names in its reason details (set by EHF and mail intake). */
const blockingEntryId = sql`(${inboxItems.reasonDetails} ->> 'spamSupplierId')`;
const isBlocked = eq(inboxItems.status, 'spam');

export type SpamSupplierActivityRow = SpamSupplierWithCompany & {
  blockedEhf: number;
  blockedEmail: number;
  lastBlockedAt: Date | null;
};

/** Each entry with what it blocked across every company, the most recently active first. */
export async function listSpamSupplierActivity(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: SpamSupplierActivityRow[]; total: number }> {
  const blocked = db
    .select({
      spamSupplierId: sql<string>`${blockingEntryId}`.as('spam_supplier_id'),
      blockedEhf: sql<number>`count(*) filter (where ${inboxItems.channel} = 'ehf')::int`.as('blocked_ehf'),
      blockedEmail: sql<number>`count(*) filter (where ${inboxItems.channel} = 'email')::int`.as(
        'blocked_email',
      ),
      lastBlockedAt: sql<Date>`max(${inboxItems.receivedAt})`.as('last_blocked_at'),
    })
    .from(inboxItems)
    .where(and(isBlocked, sql`${blockingEntryId} is not null`))
    .groupBy(blockingEntryId)
    .as('blocked');
  const rows = await db
    .select({
      row: spamSuppliers,
      companyName: companies.name,
      blockedEhf: sql<number>`coalesce(${blocked.blockedEhf}, 0)`,
      blockedEmail: sql<number>`coalesce(${blocked.blockedEmail}, 0)`,
      lastBlockedAt: blocked.lastBlockedAt,
    })
    .from(spamSuppliers)
    .leftJoin(companies, eq(companies.id, spamSuppliers.forCompanyId))
    .leftJoin(blocked, sql`${blocked.spamSupplierId} = ${spamSuppliers.id}::text`)
    .orderBy(sql`${blocked.lastBlockedAt} desc nulls last`, desc(spamSuppliers.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ total: count() }).from(spamSuppliers);
  return {
    rows: rows.map(({ row, companyName, blockedEhf, blockedEmail, lastBlockedAt }) => ({
      ...row,
      companyName,
      blockedEhf: Number(blockedEhf),
      blockedEmail: Number(blockedEmail),
      lastBlockedAt: lastBlockedAt === null ? null : new Date(lastBlockedAt),
    })),
    total: total?.total ?? 0,
  };
}

export type BlockedArrivalRow = {
  id: number;
  companyId: number;
  companyName: string;
  channel: InboxChannel;
  senderName: string | null;
  senderAddress: string | null;
  subject: string | null;
  receivedAt: Date;
  spamSupplierId: number | null;
  spamSupplierName: string | null;
};

/** The arrivals blocked as spam across every company, newest first; of one entry when it is given. */
export async function listBlockedArrivals(
  db: Db,
  filter: { spamSupplierId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: BlockedArrivalRow[]; total: number }> {
  const where = and(
    isBlocked,
    filter.spamSupplierId === undefined
      ? undefined
      : sql`${blockingEntryId} = ${String(filter.spamSupplierId)}`,
  );
  const rows = await db
    .select({
      id: inboxItems.id,
      companyId: inboxItems.companyId,
      companyName: companies.name,
      channel: inboxItems.channel,
      senderName: inboxItems.senderName,
      senderAddress: inboxItems.senderAddress,
      subject: inboxItems.subject,
      receivedAt: inboxItems.receivedAt,
      spamSupplierId: spamSuppliers.id,
      spamSupplierName: spamSuppliers.name,
    })
    .from(inboxItems)
    .innerJoin(companies, eq(companies.id, inboxItems.companyId))
    .leftJoin(spamSuppliers, sql`${spamSuppliers.id}::text = ${blockingEntryId}`)
    .where(where)
    .orderBy(desc(inboxItems.receivedAt), desc(inboxItems.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ total: count() }).from(inboxItems).where(where);
  return { rows, total: total?.total ?? 0 };
}

export type SpamCandidateRow = {
  channel: InboxChannel;
  senderAddress: string;
  senderName: string | null;
  refusedCount: number;
  reviewCount: number;
  companyCount: number;
  lastReceivedAt: Date;
};

/**
 * The senders whose arrivals were most often refused or sent to review and that no entry of the list
 * names yet (neither the address, its @domain nor the organisation number).
 */
export async function listSpamCandidates(db: Db, limit: number): Promise<SpamCandidateRow[]> {
  const address = sql`lower(${inboxItems.senderAddress})`;
  const result = await db
    .select({
      channel: inboxItems.channel,
      senderAddress: sql<string>`${address}`,
      senderName: sql<string | null>`max(${inboxItems.senderName})`,
      refusedCount: sql<number>`count(*) filter (where ${inboxItems.status} = 'refused')::int`,
      reviewCount: sql<number>`count(*) filter (where ${inboxItems.status} = 'needs-review')::int`,
      companyCount: sql<number>`count(distinct ${inboxItems.companyId})::int`,
      lastReceivedAt: sql<Date>`max(${inboxItems.receivedAt})`,
    })
    .from(inboxItems)
    .where(
      and(
        sql`${inboxItems.status} in ('refused', 'needs-review')`,
        sql`${inboxItems.senderAddress} is not null and ${inboxItems.senderAddress} <> ''`,
        sql`not exists (select 1 from ${spamSuppliers} s
              where s.organisation_number = ${address}
                 or s.email_pattern = ${address}
                 or s.email_pattern = substring(${address} from '@[^@]*$'))`,
      ),
    )
    .groupBy(inboxItems.channel, address)
    .orderBy(sql`count(*) desc`, sql`max(${inboxItems.receivedAt}) desc`)
    .limit(limit);
  return result.map((row) => ({
    ...row,
    refusedCount: Number(row.refusedCount),
    reviewCount: Number(row.reviewCount),
    companyCount: Number(row.companyCount),
    lastReceivedAt: new Date(row.lastReceivedAt),
  }));
}
