import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/user.table';

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    organisationNumber: text('organisation_number').notNull(),
    subscriptionId: integer('subscription_id'),
    status: integer('status').notNull().default(1),
    isSpecial: boolean('is_special').notNull().default(false),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    /** The member who keeps the company's books, named on its people page. */
    responsibleAccountantUserId: integer('responsible_accountant_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('companies_alias_unique').on(table.alias),
    index('companies_owner_idx').on(table.ownerUserId),
  ],
);

/** Membership of a user in a company; the company id leads the key so the table distributes by company. */
export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index('company_users_user_idx').on(table.userId),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
