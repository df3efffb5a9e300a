import type { BankPaymentStatus, ChargeBearerCode, PaymentStatus, PaymentType } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/**
 * A payment on the company's payment list: from a voucher, an EHF invoice, typed by hand, or a transfer
 * between two of the company's own accounts. Its status follows PAYMENT_TRANSITIONS only.
 */
export const payments = pgTable(
  'payments',
  {
    ...tenantKey(),
    uuid: text('uuid').notNull(),
    voucherId: bigint('voucher_id', { mode: 'number' }),
    type: integer('type').$type<PaymentType>().notNull(),
    source: integer('source').notNull(),
    status: integer('status').$type<PaymentStatus>().notNull().default(0),
    bankStatus: text('bank_status').$type<BankPaymentStatus>(),
    bankStatusReason: text('bank_status_reason'),
    bankStatusText: text('bank_status_text'),
    debtorCompanyBankId: bigint('debtor_company_bank_id', { mode: 'number' }),
    debtorAccountNumber: text('debtor_account_number'),
    creditorName: text('creditor_name').notNull(),
    /** 11 digits for a Norwegian account, otherwise the IBAN, compact. */
    creditorAccount: text('creditor_account').notNull(),
    /** For an internal transfer: the company's own account it goes to. */
    creditorCompanyBankId: bigint('creditor_company_bank_id', { mode: 'number' }),
    creditorBic: text('creditor_bic'),
    creditorCountry: text('creditor_country'),
    creditorAddress: text('creditor_address'),
    creditorPostCode: text('creditor_post_code'),
    creditorTown: text('creditor_town'),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NOK'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    kid: text('kid'),
    message: text('message'),
    chargeBearer: text('charge_bearer').$type<ChargeBearerCode>(),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** Sent to the bank and back on the statement line: how the payment is recognised when paid. */
    endToEndId: text('end_to_end_id').notNull(),
    basketUuid: text('basket_uuid'),
    exportId: bigint('export_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidTransactionId: bigint('paid_transaction_id', { mode: 'number' }),
    paidReason: text('paid_reason'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('payments_uuid_unique').on(table.companyId, table.uuid),
    uniqueIndex('payments_end_to_end_unique').on(table.companyId, table.endToEndId),
    // The payment list: one company, one kind, the chosen statuses, by due date.
    index('payments_list_idx').on(table.companyId, table.type, table.status, table.dueDate, table.id),
    index('payments_voucher_idx')
      .on(table.companyId, table.voucherId)
      .where(sql`${table.voucherId} is not null`),
    index('payments_duplicate_idx').on(table.companyId, table.creditorAccount, table.amountOre),
    // A basket's payments, read at every step of signing and sending it.
    index('payments_basket_idx')
      .on(table.companyId, table.basketUuid)
      .where(sql`${table.basketUuid} is not null`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** A pain.001 file made for the bank, kept so it can be downloaded again and its payments traced. */
export const paymentExports = pgTable(
  'payment_exports',
  {
    ...tenantKey(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    accountNumber: text('account_number').notNull(),
    messageId: text('message_id').notNull(),
    fileName: text('file_name').notNull(),
    xml: text('xml').notNull(),
    paymentCount: integer('payment_count').notNull(),
    totalOre: bigint('total_ore', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('payment_exports_message_unique').on(table.companyId, table.messageId),
  ],
);
export type PaymentExportRow = typeof paymentExports.$inferSelect;

/** A member of the company who may prepare and (when allowed) make payments. */
export const paymentUsers = pgTable(
  'payment_users',
  {
    ...tenantKey(),
    userId: integer('user_id').notNull(),
    isAllowPayments: boolean('is_allow_payments').notNull().default(true),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('payment_users_user_unique').on(table.companyId, table.userId),
  ],
);
export type PaymentUserRow = typeof paymentUsers.$inferSelect;

/** An account a payment user may pay from. */
export const paymentUserBanks = pgTable(
  'payment_user_banks',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    companyBankId: bigint('company_bank_id', { mode: 'number' }).notNull(),
    verifiedBy: text('verified_by').$type<'manual' | 'bank-authorisation'>().notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId, table.companyBankId] })],
);
export type PaymentUserBankRow = typeof paymentUserBanks.$inferSelect;
