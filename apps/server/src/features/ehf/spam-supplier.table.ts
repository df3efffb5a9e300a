import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Senders whose documents are not wanted: an organisation number (EHF and mail from that supplier)
 * or an e-mail address or @domain. The administrators keep the list; a row without a company holds
 * for every company. The list is shared by the installation (a reference table): a row names the one
 * company it is limited to in `for_company_id`, as jobs do.
 */
export const spamSuppliers = pgTable(
  'spam_suppliers',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    forCompanyId: integer('for_company_id'),
    organisationNumber: text('organisation_number'),
    /** A whole address (lower case) or a domain written as @example.com. */
    emailPattern: text('email_pattern'),
    name: text('name').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One entry per sender and scope; 0 stands for "every company" so the null scope is unique too.
    uniqueIndex('spam_suppliers_org_unique')
      .on(sql`coalesce(${table.forCompanyId}, 0)`, table.organisationNumber)
      .where(sql`${table.organisationNumber} is not null`),
    uniqueIndex('spam_suppliers_email_unique')
      .on(sql`coalesce(${table.forCompanyId}, 0)`, table.emailPattern)
      .where(sql`${table.emailPattern} is not null`),
    index('spam_suppliers_org_idx')
      .on(table.organisationNumber)
      .where(sql`${table.organisationNumber} is not null`),
    index('spam_suppliers_email_idx').on(table.emailPattern).where(sql`${table.emailPattern} is not null`),
  ],
);
export type SpamSupplierRow = typeof spamSuppliers.$inferSelect;
