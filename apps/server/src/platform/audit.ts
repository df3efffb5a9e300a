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
  await tx.insert(auditLog).values(auditRow(entry));
}

/** Many changes of one run (such as automatic matching) recorded in a few statements. */
export async function writeAudits(tx: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 2_000) {
    await tx.insert(auditLog).values(entries.slice(start, start + 2_000).map(auditRow));
  }
}

function auditRow(entry: AuditEntry) {
  return {
    companyId: entry.companyId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
