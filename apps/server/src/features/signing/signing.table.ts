import type { SigningState } from '@bilag/contracts';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/**
 * A BankID signing a person started: the provider's ids, what it was for, and whether an
 * authorisation has used it. A signing serves once, and only the person who started it.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    companyId: integer('company_id').notNull(),
    requestId: text('request_id').notNull(),
    trackingId: text('tracking_id').notNull(),
    userId: integer('user_id').notNull(),
    basketUuid: text('basket_uuid'),
    companyBankIds: jsonb('company_bank_ids').$type<number[]>().notNull().default([]),
    state: text('state').$type<SigningState>().notNull().default('pending'),
    statusId: integer('status_id'),
    /** Set when a bank authorisation has used the signing; a second use is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.requestId] }),
    uniqueIndex('signing_requests_ids_unique').on(table.companyId, table.requestId, table.trackingId),
    index('signing_requests_user_idx').on(table.companyId, table.userId, table.createdAt),
  ],
);
export type SigningRequestRow = typeof signingRequests.$inferSelect;

/** The outcome of the last bank authorisation per person and account, kept for the verified-banks view. */
export const bankAuthorisations = pgTable(
  'bank_authorisations',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    approvalAccessIndicator: text('approval_access_indicator'),
    statusCode: integer('status_code'),
    requestId: text('request_id').notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId, table.companyBankId] })],
);
export type BankAuthorisationRow = typeof bankAuthorisations.$inferSelect;
