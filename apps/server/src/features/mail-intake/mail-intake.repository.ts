import { randomUUID } from 'node:crypto';
import type { InboxStatus } from '@bilag/contracts';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  companyServices,
  companyUsers,
  inboxItemReads,
  inboxItems,
  jobs,
  storedFiles,
  users,
  vouchers,
} from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
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

/**
 * The company whose address has this local part (its alias, compared without case), and whether it
 * receives by e-mail: a service is on until the company turns it off, as `isServiceOn` reads it. One
 * round trip, while the sender waits for the answer to its RCPT.
 */
export async function findMailbox(db: Db, alias: string) {
  const [row] = await db
    .select({
      id: companies.id,
      alias: companies.alias,
      name: companies.name,
      isEmailOn: sql<boolean>`coalesce(${companyServices.isOn}, true)`,
    })
    .from(companies)
    .leftJoin(
      companyServices,
      and(eq(companyServices.companyId, companies.id), eq(companyServices.service, 'email')),
    )
    .where(sql`lower(${companies.alias}) = ${alias.toLowerCase()}`)
    .limit(1);
  return row;
}

export type NewMailArrival = {
  companyId: number;
  storageKey: string;
  envelopeFrom: string | null;
  recipient: string;
  remoteAddress: string | null;
  sizeBytes: number;
  /** Sent when the statement commits, to the company's open inbox screens. */
  notice: SQL;
  /** The job that processes the mail; its singleton key is the name, the company and the arrival. */
  jobName: string;
};

/**
 * Keeps a mail's arrival, its row and its processing job in one statement: one transaction and one round
 * trip while the sender waits for the 250. Answers the arrival's uuid.
 */
export async function insertMailArrival(db: Db, arrival: NewMailArrival): Promise<string> {
  const [row] = await rowsOf<{ uuid: string }>(
    db,
    sql`with item as (
          insert into ${inboxItems} (company_id, uuid, channel, sender_address, size_bytes)
          values (${arrival.companyId}, ${randomUUID()}, 'email', ${arrival.envelopeFrom}, ${arrival.sizeBytes})
          returning company_id, id, uuid, ${arrival.notice} as notice
        ), message as (
          insert into ${mailMessages} (company_id, inbox_item_id, storage_key, envelope_from, recipient, remote_address)
          select company_id, id, ${arrival.storageKey}, ${arrival.envelopeFrom}, ${arrival.recipient},
                 ${arrival.remoteAddress}
            from item
        ), job as (
          insert into ${jobs} (name, payload, for_company_id, singleton_key)
          select ${arrival.jobName}, jsonb_build_object('companyId', company_id, 'inboxItemId', id), company_id,
                 ${arrival.jobName} || ':' || company_id || ':' || id
            from item
          on conflict do nothing
        )
        select uuid from item`,
  );
  if (!row) throw new Error('the mail was not recorded');
  return row.uuid;
}

/** The arrivals with their mails and company, as processing reads them before it starts. */
export function findArrivals(db: Db, companyId: number, inboxItemIds: readonly number[]) {
  return db
    .select({ item: inboxItems, message: mailMessages, companyAlias: companies.alias })
    .from(mailMessages)
    .innerJoin(
      inboxItems,
      and(eq(inboxItems.companyId, mailMessages.companyId), eq(inboxItems.id, mailMessages.inboxItemId)),
    )
    .innerJoin(companies, eq(companies.id, mailMessages.companyId))
    .where(and(eq(mailMessages.companyId, companyId), inArray(mailMessages.inboxItemId, [...inboxItemIds])))
    .orderBy(mailMessages.inboxItemId);
}

/**
 * Locks the arrivals for the rest of the transaction, so two reviews or two runs do not both act, and
 * answers when each mail was last processed.
 */
export async function lockArrivals(db: Db, companyId: number, inboxItemIds: readonly number[]) {
  const rows = await db
    .select({ inboxItemId: inboxItems.id, processedAt: mailMessages.processedAt })
    .from(inboxItems)
    .innerJoin(
      mailMessages,
      and(eq(mailMessages.companyId, inboxItems.companyId), eq(mailMessages.inboxItemId, inboxItems.id)),
    )
    .where(and(eq(inboxItems.companyId, companyId), inArray(inboxItems.id, [...inboxItemIds])))
    .for('update', { of: inboxItems });
  return new Map(rows.map((row) => [row.inboxItemId, row.processedAt]));
}

/**
 * Who the sender is to the company, in one round trip: a member or the owner with that address, and
 * whoever accepted mail from it before.
 */
export async function findSenderStanding(db: Db, companyId: number, email: string) {
  const address = email.toLowerCase();
  const [row] = await rowsOf<{ memberId: number | null; acceptedBy: number | null }>(
    db,
    sql`select coalesce(
              (select ${users.id} from ${companyUsers} join ${users} on ${users.id} = ${companyUsers.userId}
                where ${companyUsers.companyId} = ${companyId} and lower(${users.email}) = ${address} limit 1),
              (select ${users.id} from ${companies} join ${users} on ${users.id} = ${companies.ownerUserId}
                where ${companies.id} = ${companyId} and lower(${users.email}) = ${address})
            ) as "memberId",
            (select ${mailAcceptedSenders.acceptedBy} from ${mailAcceptedSenders}
              where ${mailAcceptedSenders.companyId} = ${companyId} and ${mailAcceptedSenders.address} = ${address}
            ) as "acceptedBy"`,
  );
  return {
    memberId: row?.memberId ?? undefined,
    acceptedBy: row?.acceptedBy ?? undefined,
  };
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

export async function insertAcceptedSender(db: Db, companyId: number, address: string, acceptedBy: number) {
  await db
    .insert(mailAcceptedSenders)
    .values({ companyId, address: address.toLowerCase(), acceptedBy })
    .onConflictDoNothing();
}

/** The company's live vouchers holding a file with any of these bytes, by the file's sha256. */
export async function findVouchersWithFiles(
  db: Db,
  companyId: number,
  sha256s: readonly string[],
): Promise<Map<string, number>> {
  if (sha256s.length === 0) return new Map();
  const rows = await db
    .select({ sha256: storedFiles.sha256, voucherId: vouchers.id })
    .from(storedFiles)
    .innerJoin(
      vouchers,
      and(eq(vouchers.companyId, storedFiles.companyId), eq(vouchers.id, storedFiles.ownerId)),
    )
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        inArray(storedFiles.sha256, [...sha256s]),
        eq(storedFiles.ownerType, 'voucher'),
        sql`${vouchers.deletedAt} is null`,
      ),
    );
  return new Map(rows.map((row) => [row.sha256, row.voucherId]));
}

/** Inserts the vouchers and answers them in the order given. */
export async function insertVoucherRows(db: Db, rows: (typeof vouchers.$inferInsert)[]) {
  if (rows.length === 0) return [];
  const inserted = await db.insert(vouchers).values(rows).returning();
  if (inserted.length !== rows.length) throw new Error('the vouchers were not created');
  // Their ids are taken from the sequence row by row as the values are inserted, whatever order
  // RETURNING happens to answer in.
  return inserted.sort((first, second) => first.id - second.id);
}

export async function insertStoredFiles(db: Db, rows: (typeof storedFiles.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(storedFiles).values(rows);
}

/** What processing found in a mail and what became of it, for its arrival and its mail's row. */
export type MailOutcome = {
  inboxItemId: number;
  senderName: string | null;
  senderAddress: string | null;
  subject: string | null;
  attachmentCount: number;
  status: InboxStatus;
  reasonKey: string | null;
  reasonDetails: Record<string, string | number>;
  voucherIds: number[];
  ehfDocumentId: number | null;
  fromAddress: string | null;
  textExcerpt: string;
  /** False for a mail left waiting for a person's review: it is processed again once accepted. */
  isProcessed: boolean;
  /** What each attachment became, replacing what an earlier run noted; undefined keeps that. */
  attachments?: NewMailAttachment[];
};

/**
 * Writes what became of the mails in one statement: each arrival (telling the open inbox screens with
 * `notice` on commit), its mail's row, and its attachments where they were looked at.
 */
export async function recordMailOutcomes(db: Db, companyId: number, outcomes: MailOutcome[], notice: SQL) {
  if (outcomes.length === 0) return;
  const arrivals = JSON.stringify(outcomes.map(({ attachments: _attachments, ...outcome }) => outcome));
  const replaced = outcomes.flatMap((outcome) => (outcome.attachments ? [outcome.inboxItemId] : []));
  const attachments = JSON.stringify(outcomes.flatMap((outcome) => outcome.attachments ?? []));
  await db.execute(sql`with outcome as (
      select * from jsonb_to_recordset(${arrivals}::jsonb) as outcome("inboxItemId" bigint, "senderName" text,
        "senderAddress" text, subject text, "attachmentCount" integer, status text, "reasonKey" text,
        "reasonDetails" jsonb, "voucherIds" bigint[], "ehfDocumentId" bigint, "fromAddress" text,
        "textExcerpt" text, "isProcessed" boolean)
    ), arrival as (
      update ${inboxItems} set sender_name = outcome."senderName", sender_address = outcome."senderAddress",
          subject = outcome.subject, attachment_count = outcome."attachmentCount", status = outcome.status,
          reason_key = outcome."reasonKey", reason_details = outcome."reasonDetails",
          voucher_ids = outcome."voucherIds", ehf_document_id = outcome."ehfDocumentId", updated_at = now()
        from outcome
       where ${inboxItems.companyId} = ${companyId} and ${inboxItems.id} = outcome."inboxItemId"
      returning ${notice}
    ), message as (
      update ${mailMessages} set from_address = outcome."fromAddress", text_excerpt = outcome."textExcerpt",
          processed_at = case when outcome."isProcessed" then now() else ${mailMessages.processedAt} end,
          updated_at = now()
        from outcome
       where ${mailMessages.companyId} = ${companyId} and ${mailMessages.inboxItemId} = outcome."inboxItemId"
    ), replaced as (
      delete from ${mailAttachments}
       where ${mailAttachments.companyId} = ${companyId}
         and ${mailAttachments.inboxItemId} = any(${`{${replaced.join(',')}}`}::bigint[])
    )
    insert into ${mailAttachments} (company_id, inbox_item_id, position, file_name, kind, size, sha256, outcome,
        reason_key, reason_details, voucher_id)
    select ${companyId}, "inboxItemId", position, "fileName", kind, size, sha256, outcome, "reasonKey",
           "reasonDetails", "voucherId"
      from jsonb_to_recordset(${attachments}::jsonb) as attachment("inboxItemId" bigint, position integer,
        "fileName" text, kind text, size integer, sha256 text, outcome text, "reasonKey" text,
        "reasonDetails" jsonb, "voucherId" bigint)`);
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
