import { sql } from 'drizzle-orm';
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

/**
 * Many changes of one run (such as automatic matching, or a basket's payments) recorded in a few
 * statements. The rows travel as one JSON parameter: building a multi-row insert with a parameter per
 * value costs more CPU than the database spends writing the rows.
 */
export async function writeAudits(tx: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 2_000) {
    const rows = JSON.stringify(entries.slice(start, start + 2_000).map(auditRow));
    // In array order, so the ids follow the order the changes were made in.
    await tx.execute(sql`insert into ${auditLog} (company_id, user_id, entity, entity_id, action, before, after)
      select company_id, user_id, entity, entity_id, action, before, after
      from rows from (jsonb_to_recordset(${rows}::jsonb) as ("companyId" integer, "userId" integer,
        entity text, "entityId" text, action text, before jsonb, after jsonb)) with ordinality
        as entry(company_id, user_id, entity, entity_id, action, before, after, position)
      order by position`);
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
