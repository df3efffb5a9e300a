import type { Db } from '../db/client';
import { auditLog } from './audit.table';

export type AuditEntry = {
  companyId: number;
  userId: number | null;
  entity: string;
  entityId: string | number;
  action: 'create' | 'update' | 'delete' | 'restore' | (string & {});
  before?: unknown;
  after?: unknown;
};

/** Call inside the same transaction as the change it records, so neither exists without the other. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: entry.companyId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
