import type { ConsentEventKind, ConsentStatus } from '@bilag/contracts';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** A company's consent at a bank to read accounts, balances and transactions (NextGenPSD2 AIS). */
export const bankConsents = pgTable(
  'bank_consents',
  {
    ...tenantKey(),
    bankId: integer('bank_id').notNull(),
    /** The registry's bank group, which says which bank client reads with the consent. */
    bankGroup: text('bank_group').notNull(),
    /** The bank's own id of the consent. */
    providerConsentId: text('provider_consent_id').notNull(),
    /** The authorisation the person approves on the bank's page. */
    authorisationId: text('authorisation_id'),
    /**
     * The unguessable token the bank's page sends the person back with (the callback's instructionId);
     * it finds the consent without a sign-in, and serves one approval only.
     */
    instructionId: text('instruction_id').notNull(),
    status: text('status').$type<ConsentStatus>().notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    frequencyPerDay: integer('frequency_per_day').notNull(),
    /** The account numbers asked for; empty for every account the person may use. */
    requestedAccounts: text('requested_accounts').array().notNull(),
    /** Where the person is sent after the callback page, a path of the product. */
    callbackPath: text('callback_path'),
    /** The consent this one renews; that one ends when this one is accepted. */
    renewsConsentId: bigint('renews_consent_id', { mode: 'number' }),
    /** The days-before-expiry notices already sent (14, 7, 1), so each goes once. */
    expiryNoticesSent: integer('expiry_notices_sent').array().notNull().default([]),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** The last failure of a sync or of the bank, cleared by a sync that succeeds. */
    lastError: text('last_error'),
    createdBy: integer('created_by'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('bank_consents_instruction_unique').on(table.companyId, table.instructionId),
    // The callback names no company: it finds the consent by its random instruction id alone.
    index('bank_consents_instruction_idx').on(table.instructionId),
    index('bank_consents_status_idx').on(table.status, table.validUntil),
  ],
);
export type BankConsentRow = typeof bankConsents.$inferSelect;

/** An account a consent reads, and how far its transactions have been read. */
export const bankConsentAccounts = pgTable(
  'bank_consent_accounts',
  {
    ...tenantKey(),
    consentId: bigint('consent_id', { mode: 'number' }).notNull(),
    /** The bank's id for the account in account reads (not the account number). */
    resourceId: text('resource_id').notNull(),
    iban: text('iban'),
    bban: text('bban'),
    /** The company's account the transactions go into; null when the account has no Norwegian number. */
    companyBankId: bigint('company_bank_id', { mode: 'number' }),
    name: text('name'),
    currency: text('currency').notNull().default('NOK'),
    status: text('status').$type<'enabled' | 'closed'>().notNull().default('enabled'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** The last booking day whose transactions are all in the product; the next sync reads on from it. */
    syncedThrough: date('synced_through', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('bank_consent_accounts_resource_unique').on(
      table.companyId,
      table.consentId,
      table.resourceId,
    ),
    index('bank_consent_accounts_company_bank_idx').on(table.companyId, table.companyBankId),
  ],
);
export type BankConsentAccountRow = typeof bankConsentAccounts.$inferSelect;

/** One line of a consent's history: what happened, by whom, and whether it was a failure. */
export const bankConsentEvents = pgTable(
  'bank_consent_events',
  {
    ...tenantKey(),
    consentId: bigint('consent_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<ConsentEventKind>().notNull(),
    isError: boolean('is_error').notNull().default(false),
    /** The message key's parameters (counts, account, the bank's own text), shown in the reader's language. */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('bank_consent_events_consent_idx').on(table.companyId, table.consentId, table.createdAt),
  ],
);
export type BankConsentEventRow = typeof bankConsentEvents.$inferSelect;
