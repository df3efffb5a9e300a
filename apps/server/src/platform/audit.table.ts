import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Who changed what in which company, with the record before and after, written in the same transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    companyId: integer('company_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('audit_log_entity_idx').on(table.companyId, table.entity, table.entityId),
  ],
);
