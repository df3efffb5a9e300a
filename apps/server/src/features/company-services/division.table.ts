import { sql } from 'drizzle-orm';
import { bigint, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantKey, timestamps } from '../../db/columns';
import { companyBanks } from '../banks/bank.table';

/** A division of a company: a sub-unit with its own organisation number (nine digits, no spaces). */
export const companyDivisions = pgTable(
  'company_divisions',
  {
    ...tenantKey(),
    name: text('name').notNull(),
    organisationNumber: text('organisation_number').notNull(),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('company_divisions_organisation_unique').on(table.companyId, table.organisationNumber),
    uniqueIndex('company_divisions_name_unique').on(table.companyId, sql`lower(${table.name})`),
  ],
);
export type CompanyDivisionRow = typeof companyDivisions.$inferSelect;

/**
 * The company's bank accounts that belong to a division; the key makes an account belong to one division
 * at most. An account deleted from the company leaves its division with it (the cascade), so the banks
 * feature need not know of divisions.
 */
export const companyDivisionAccounts = pgTable(
  'company_division_accounts',
  {
    companyId: integer('company_id').notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    divisionId: bigint('division_id', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.companyBankId] }),
    foreignKey({
      name: 'company_division_accounts_division_fk',
      columns: [table.companyId, table.divisionId],
      foreignColumns: [companyDivisions.companyId, companyDivisions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'company_division_accounts_bank_fk',
      columns: [table.companyId, table.companyBankId],
      foreignColumns: [companyBanks.companyId, companyBanks.id],
    }).onDelete('cascade'),
  ],
);
export type CompanyDivisionAccountRow = typeof companyDivisionAccounts.$inferSelect;
