import type { BasketState, PaymentBankGroup, PaymentKind } from '@bilag/contracts';
import {
  bigint,
  boolean,
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
import type { MessageKey } from '../../platform/messages';

/** Payments of one account picked to be signed and sent to the bank together. */
export const paymentBaskets = pgTable(
  'payment_baskets',
  {
    companyId: integer('company_id').notNull(),
    uuid: text('uuid').notNull(),
    state: text('state').$type<BasketState>().notNull().default('open'),
    bankGroup: text('bank_group').$type<PaymentBankGroup>().notNull(),
    debtorCompanyBankId: bigint('debtor_company_bank_id', { mode: 'number' }).notNull(),
    debtorAccountNumber: text('debtor_account_number').notNull(),
    paymentKind: text('payment_kind').$type<PaymentKind>().notNull(),
    requiredApprovals: integer('required_approvals').notNull().default(1),
    /** Why the basket ended unpaid: a message key of platform/messages.ts and its parameters. */
    messageKey: text('message_key').$type<MessageKey>(),
    messageParams: jsonb('message_params').$type<Record<string, string>>(),
    createdBy: integer('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.uuid] }),
    // The callback and sign-next pages know the basket by its UUID alone.
    index('payment_baskets_uuid_idx').on(table.uuid),
    index('payment_baskets_state_idx').on(table.companyId, table.state, table.expiresAt),
  ],
);
export type PaymentBasketRow = typeof paymentBaskets.$inferSelect;

/** A person who signed a basket with BankID and was authorised for its account by the bank. */
export const paymentBasketApprovals = pgTable(
  'payment_basket_approvals',
  {
    companyId: integer('company_id').notNull(),
    basketUuid: text('basket_uuid').notNull(),
    userId: integer('user_id').notNull(),
    /** The signer's national identity number, sent to the bank as PSU-ID; cleared once the basket ends. */
    ssn: text('ssn'),
    /** A one-way fingerprint of the number, so two approvals by one person are refused even after it is cleared. */
    ssnFingerprint: text('ssn_fingerprint').notNull(),
    signingRequestId: text('signing_request_id').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.basketUuid, table.userId] }),
    uniqueIndex('payment_basket_approvals_person_unique').on(
      table.companyId,
      table.basketUuid,
      table.ssnFingerprint,
    ),
  ],
);
export type PaymentBasketApprovalRow = typeof paymentBasketApprovals.$inferSelect;

/**
 * One payment initiation at the bank for a basket (a "flow"). The row and its idempotency key are
 * written before the bank is called, so a process that dies before recording the answer leaves a
 * row the reconciliation job finishes with the same key: the bank never gets the basket twice.
 */
export const paymentInitiations = pgTable(
  'payment_initiations',
  {
    companyId: integer('company_id').notNull(),
    flowId: text('flow_id').notNull(),
    basketUuid: text('basket_uuid').notNull(),
    bankGroup: text('bank_group').$type<PaymentBankGroup>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state')
      .$type<'initiating' | 'awaiting-sca' | 'accepted' | 'rejected' | 'canceled' | 'finished'>()
      .notNull()
      .default('initiating'),
    bankPaymentId: text('bank_payment_id'),
    paymentKind: text('payment_kind').$type<PaymentKind>().notNull(),
    bulk: boolean('bulk').notNull(),
    bankStatus: text('bank_status'),
    scaRedirectUrl: text('sca_redirect_url'),
    /**
     * The origin of the browser that sent the basket, where the bank returns the person; kept so a
     * resend with the same idempotency key is the same request.
     */
    returnOrigin: text('return_origin'),
    initiatedBy: integer('initiated_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.flowId] }),
    uniqueIndex('payment_initiations_basket_unique').on(table.companyId, table.basketUuid),
    index('payment_initiations_flow_idx').on(table.flowId),
    index('payment_initiations_state_idx').on(table.state, table.updatedAt),
  ],
);
export type PaymentInitiationRow = typeof paymentInitiations.$inferSelect;

/** A company's own payment rules beyond the spec. */
export const paymentSettings = pgTable('payment_settings', {
  companyId: integer('company_id').primaryKey(),
  secondApproverAboveOre: bigint('second_approver_above_ore', { mode: 'number' }),
  updatedBy: integer('updated_by'),
  ...timestamps(),
});
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
