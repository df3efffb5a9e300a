import type { VoucherHistoryEntry } from '@bilag/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** A record's audit rows, newest first, as the history entries the screens show. */
export async function readHistory(
  db: Db,
  companyId: number,
  entity: string,
  entityId: number,
): Promise<VoucherHistoryEntry[]> {
  const rows = await db
    .select({ entry: auditLog, userName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(entityId)),
      ),
    )
    .orderBy(desc(auditLog.id));
  return rows.map(({ entry, userName }) => ({
    Id: entry.id,
    Action: entry.action,
    UserName: userName,
    Before: entry.before,
    After: entry.after,
    CreatedAt: entry.createdAt.toISOString(),
  }));
}
