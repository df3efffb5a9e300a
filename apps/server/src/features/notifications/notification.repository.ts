import type { NotificationKind } from '@bilag/contracts';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyUsers, notifications, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

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

/**
 * Adds the notification for the company's members and its owner, and sends `notice` where it added any,
 * in one statement; answers the recipients. PostgreSQL delivers a notice once however many rows carry it.
 */
export async function insertCompanyNotification(
  db: Db,
  notification: {
    companyId: number;
    kind: NotificationKind;
    details: Record<string, string | number>;
    link: string | null;
  },
  notice: SQL,
): Promise<Recipient[]> {
  const { companyId } = notification;
  return rowsOf<Recipient>(
    db,
    sql`with recipients as (
          select ${users.id} as "userId", ${users.email} as email, ${users.fullName} as "fullName",
                 ${users.language} as language
            from ${users}
           where ${users.id} in (select ${companyUsers.userId} from ${companyUsers} where ${companyUsers.companyId} = ${companyId}
                                 union select ${companies.ownerUserId} from ${companies} where ${companies.id} = ${companyId})
        ), added as (
          insert into ${notifications} (company_id, user_id, kind, details, link)
          select ${companyId}, "userId", ${notification.kind}, ${JSON.stringify(notification.details)}::jsonb,
                 ${notification.link}
            from recipients
          returning ${notice}
        )
        select * from recipients order by "userId"`,
  );
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
