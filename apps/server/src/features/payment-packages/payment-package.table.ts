import type { CardRefusalReason, PaymentPackageKind } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/**
 * The packages on sale, the same for every company. The catalogue is written by its migration
 * (0016), as the bank registry is; a package taken off sale keeps its row, since purchases name it.
 */
export const paymentPackages = pgTable(
  'payment_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    kind: text('kind').$type<PaymentPackageKind>().notNull(),
    nameEn: text('name_en').notNull(),
    nameNo: text('name_no').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionNo: text('description_no').notNull(),
    /** VAT included. */
    priceOre: bigint('price_ore', { mode: 'number' }).notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull().default(25),
    currency: text('currency').notNull().default('NOK'),
    quantity: integer('quantity').notNull(),
    months: integer('months').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('payment_packages_code_unique').on(table.code)],
);
export type PaymentPackageRow = typeof paymentPackages.$inferSelect;

/** Where a purchase stands in the database; `active` and `expired` are read from a paid one's period. */
export type PurchaseState = 'pending' | 'processing' | 'failed' | 'paid' | 'canceled';

/** Receipts are numbered in the order purchases are paid, across every company: the seller's series. */
export const packageReceiptNumbers = pgSequence('package_receipt_numbers');

/**
 * A company's purchase of a package, with the package as it was sold (names, price, size), the card
 * payment that pays for it, and the provider's words for the last card it refused. The request key
 * is the buyer's Idempotency-Key, so a repeat of the same request finds this purchase again.
 */
export const packagePurchases = pgTable(
  'package_purchases',
  {
    ...tenantKey(),
    packageId: integer('package_id').notNull(),
    kind: text('kind').$type<PaymentPackageKind>().notNull(),
    nameEn: text('name_en').notNull(),
    nameNo: text('name_no').notNull(),
    priceOre: bigint('price_ore', { mode: 'number' }).notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    currency: text('currency').notNull(),
    quantity: integer('quantity').notNull(),
    months: integer('months').notNull(),
    status: text('status').$type<PurchaseState>().notNull().default('pending'),
    requestKey: text('request_key').notNull(),
    /** Card payments made for the purchase so far; a new one is made only when the last was canceled. */
    attempt: integer('attempt').notNull().default(1),
    cardPaymentId: text('card_payment_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    failureReason: text('failure_reason').$type<CardRefusalReason>(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The provider's last event applied, so a second delivery of it changes nothing. */
    lastEventId: text('last_event_id'),
    buyerUserId: integer('buyer_user_id'),
    buyerEmail: text('buyer_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    receiptNumber: bigint('receipt_number', { mode: 'number' }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('package_purchases_request_unique').on(table.companyId, table.requestKey),
    index('package_purchases_company_idx').on(table.companyId, table.createdAt),
    index('package_purchases_in_force_idx')
      .on(table.companyId, table.kind, table.periodEnd)
      .where(sql`${table.status} = 'paid'`),
  ],
);
export type PackagePurchaseRow = typeof packagePurchases.$inferSelect;
