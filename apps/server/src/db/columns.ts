import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The key of a tenant table: the company, which leads its primary key and indexes so the schema can be
 * distributed by company, and the row's own number.
 */
export function tenantKey() {
  return {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  };
}

export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When a row was made and last changed; the repositories set `updatedAt` on every update. */
export function timestamps() {
  return {
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
