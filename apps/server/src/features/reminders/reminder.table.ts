import type { ReminderFrequency, VoucherAlertRecipient } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { createdAt, tenantKey, timestamps } from '../../db/columns';
import type { SendingContent } from './reminder-mail';

/** The company's reminder about bank transactions without a voucher: one per company. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    ...tenantKey(),
    isActive: boolean('is_active').notNull().default(true),
    frequency: text('frequency').$type<ReminderFrequency>().notNull(),
    weekday: integer('weekday').notNull().default(1),
    dayOfMonth: integer('day_of_month').notNull().default(1),
    hour: integer('hour').notNull(),
    minDaysWithoutVoucher: integer('min_days_without_voucher').notNull().default(0),
    recipientUserIds: integer('recipient_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Since when the schedule holds as it is (made, switched on, or its times changed): a slot before it
     * is not sent, so changing the time to one that has just passed today sends nothing until the next.
     */
    inForceSince: timestamp('in_force_since', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('reminder_settings_company_unique').on(table.companyId),
  ],
);
export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;

/** The company's daily alert of vouchers that arrived and bank transactions without one: one per company. */
export const voucherAlertSettings = pgTable(
  'voucher_alert_settings',
  {
    ...tenantKey(),
    isActive: boolean('is_active').notNull().default(true),
    hour: integer('hour').notNull(),
    recipients: jsonb('recipients').$type<VoucherAlertRecipient[]>().notNull().default([]),
    /** As for reminders; also where the first alert's window of what came in begins. */
    inForceSince: timestamp('in_force_since', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('voucher_alert_settings_company_unique').on(table.companyId),
  ],
);
export type VoucherAlertSettingsRow = typeof voucherAlertSettings.$inferSelect;

export const SENDING_KINDS = ['reminder', 'reminder-now', 'voucher-alert'] as const;
export type SendingKind = (typeof SENDING_KINDS)[number];

/**
 * Each reminder or alert that went out (or was due and found nothing to tell). The unique key of
 * company, kind and slot is what makes a slot go out once, however many server processes run the
 * schedule and however often a job is retried: the first to insert the row sends, the others find it.
 * The content is what the e-mails say, read once when the row is made, so every recipient reads the same.
 */
export const reminderSendings = pgTable(
  'reminder_sendings',
  {
    ...tenantKey(),
    kind: text('kind').$type<SendingKind>().notNull(),
    /** The local time the schedule was due (`YYYY-MM-DDTHH:mm`, Oslo), or `manual:{job}` for a sending by hand. */
    slot: text('slot').notNull(),
    /** The members e-mailed, as they stood when the sending was made. */
    recipientUserIds: integer('recipient_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    content: jsonb('content').$type<SendingContent>().notNull(),
    /** For alerts: the end of the window of what came in, where the next alert's window begins. */
    coversUntil: timestamp('covers_until', { withTimezone: true }),
    requestedBy: integer('requested_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('reminder_sendings_slot_unique').on(table.companyId, table.kind, table.slot),
    index('reminder_sendings_latest_idx').on(table.companyId, table.kind, table.createdAt),
  ],
);
export type ReminderSendingRow = typeof reminderSendings.$inferSelect;
