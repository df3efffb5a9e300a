import type { NotificationKind } from '@bilag/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyUsers, notifications, users } from '../../db/schema';
import { intArray, rowsOf } from '../../db/sql-helpers';

export type Recipient = { userId: number; email: string; fullName: string; language: string };

/** The ids of the company's members and its owner: the people a notification about the company is for. */
function recipientIds(companyId: number): SQL {
  return sql`select ${companyUsers.userId} from ${companyUsers} where ${companyUsers.companyId} = ${companyId}
             union select ${companies.ownerUserId} from ${companies} where ${companies.id} = ${companyId}`;
}

/** The company's recipients, by user id. */
export async function companyRecipients(db: Db, companyId: number): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(sql`${users.id} in (${recipientIds(companyId)})`)
    .orderBy(users.id);
}

/** What a notification says, whoever it is for. */
export type NotificationContent = {
  kind: NotificationKind;
  /** The parameters of the kind's texts. */
  details: Record<string, string | number>;
  /** The product path the notification opens. */
  link: string | null;
};

/**
 * Adds each notification for the company's members and its owner (only those of them in `onlyUserIds`
 * where it is given), and sends `notice` where it added any, in one statement; answers the recipients by
 * user id. The rows go in notification by notification. PostgreSQL delivers a notice once however many
 * rows carry it.
 */
export async function insertCompanyNotifications(
  db: Db,
  companyId: number,
  added: readonly NotificationContent[],
  notice: SQL,
  onlyUserIds?: readonly number[],
): Promise<Recipient[]> {
  const contents = added.map(({ kind, details, link }) => ({ kind, details, link }));
  const among = onlyUserIds === undefined ? sql`` : sql` and ${users.id} = any(${intArray(onlyUserIds)})`;
  return rowsOf<Recipient>(
    db,
    sql`with recipients as (
          select ${users.id} as "userId", ${users.email} as email, ${users.fullName} as "fullName",
                 ${users.language} as language
            from ${users}
           where ${users.id} in (${recipientIds(companyId)})${among}
        ), inserted as (
          insert into ${notifications} (company_id, user_id, kind, details, link)
          select ${companyId}, recipients."userId", notification.content->>'kind', notification.content->'details',
                 notification.content->>'link'
            from jsonb_array_elements(${JSON.stringify(contents)}::jsonb) with ordinality
                 as notification(content, position)
           cross join recipients
           order by notification.position, recipients."userId"
          returning ${notice}
        )
        select * from recipients order by "userId"`,
  );
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
