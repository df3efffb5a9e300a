import type { ConnectionSource, MatchReason, RuleAction, RuleCondition, RuleScope } from '@bilag/contracts';
import type { LearnedModel } from '@bilag/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** A bank transaction explained by a voucher. One transaction may have several vouchers and the other way round. */
export const transactionVouchers = pgTable(
  'transaction_vouchers',
  {
    ...tenantKey(),
    bankTransactionId: bigint('bank_transaction_id', { mode: 'number' }).notNull(),
    voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
    source: text('source').$type<ConnectionSource>().notNull(),
    score: real('score'),
    reasons: jsonb('reasons').$type<MatchReason[]>().notNull().default(sql`'[]'::jsonb`),
    ruleId: bigint('rule_id', { mode: 'number' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('transaction_vouchers_pair_unique').on(
      table.companyId,
      table.bankTransactionId,
      table.voucherId,
    ),
    index('transaction_vouchers_voucher_idx').on(table.companyId, table.voucherId),
  ],
);
export type TransactionVoucherRow = typeof transactionVouchers.$inferSelect;

/** open, accepted, rejected, or closed (moot: the transaction or the voucher was connected otherwise). */
type SuggestionStatus = 'open' | 'accepted' | 'rejected' | 'closed';

/**
 * A voucher suggested for a transaction, and what became of it. A rejected pair is kept so it is never
 * suggested again, and accepted and rejected pairs are what the company's model learns from.
 */
export const matchSuggestions = pgTable(
  'match_suggestions',
  {
    companyId: integer('company_id').notNull(),
    bankTransactionId: bigint('bank_transaction_id', { mode: 'number' }).notNull(),
    voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
    status: text('status').$type<SuggestionStatus>().notNull().default('open'),
    /** An automatic connection of this pair was removed by a person: it may be suggested, never made automatically. */
    isUndone: boolean('is_undone').notNull().default(false),
    score: real('score').notNull(),
    reasons: jsonb('reasons').$type<MatchReason[]>().notNull().default(sql`'[]'::jsonb`),
    rank: integer('rank').notNull().default(1),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.bankTransactionId, table.voucherId] }),
    index('match_suggestions_open_idx')
      .on(table.companyId, table.bankTransactionId)
      .where(sql`${table.status} = 'open'`),
  ],
);
export type MatchSuggestionRow = typeof matchSuggestions.$inferSelect;

/** A matching rule. Global rules (the bureau's, for every company) have company_id 0. */
export const matchRules = pgTable(
  'match_rules',
  {
    ...tenantKey(),
    scope: text('scope').$type<RuleScope>().notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(100),
    isActive: boolean('is_active').notNull().default(true),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    hitCount: integer('hit_count').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
export type MatchRuleRow = typeof matchRules.$inferSelect;

/** A company's learned model: counts trained from its confirmed and rejected pairs. */
export const matchModels = pgTable('match_models', {
  companyId: integer('company_id').primaryKey(),
  model: jsonb('model').$type<LearnedModel>().notNull(),
  pairs: integer('pairs').notNull(),
  confirmed: integer('confirmed').notNull(),
  rejected: integer('rejected').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MatchModelRow = typeof matchModels.$inferSelect;
