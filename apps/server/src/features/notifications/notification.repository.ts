import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyUsers, notifications, users } from '../../db/schema';

export type Recipient = { userId: number; email: string; fullName: string; language: string };

/** The company's members and its owner: the people a notification about the company is for. */
export async function companyRecipients(db: Db, companyId: number): Promise<Recipient[]> {
  return db
    .selectDistinct({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, companyId))
    .leftJoin(companyUsers, and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, users.id)))
    .where(or(eq(companyUsers.userId, users.id), eq(companies.ownerUserId, users.id)))
    .orderBy(users.id);
}

export async function insertNotifications(db: Db, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

const ofReader = (companyId: number, userId: number) =>
  and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));

export async function listNotifications(
  db: Db,
  reader: { companyId: number; userId: number },
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(notifications)
    .where(ofReader(reader.companyId, reader.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUnread(db: Db, reader: { companyId: number; userId: number }): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(ofReader(reader.companyId, reader.userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the reader's notification read (keeping the first time it was read); answers it, or undefined. */
export async function markRead(db: Db, reader: { companyId: number; userId: number }, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(ofReader(reader.companyId, reader.userId), eq(notifications.id, id)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, reader: { companyId: number; userId: number }) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ofReader(reader.companyId, reader.userId), isNull(notifications.readAt)));
}
