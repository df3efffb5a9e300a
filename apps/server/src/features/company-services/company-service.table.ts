import type { LocalServiceKey } from '@bilag/contracts';
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A company's service that someone turned on or off, or bought. A company without a row for a service
 * has it as every company starts: on.
 */
export const companyServices = pgTable(
  'company_services',
  {
    companyId: integer('company_id').notNull(),
    service: text('service').$type<LocalServiceKey>().notNull(),
    isOn: boolean('is_on').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer('changed_by'),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
    boughtBy: integer('bought_by'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.service] })],
);
export type CompanyServiceRow = typeof companyServices.$inferSelect;
