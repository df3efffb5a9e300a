import type { MailAttachmentOutcome } from '@bilag/contracts';
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
import { createdAt, tenantKey, timestamps } from '../../db/columns';

/** A mail the listener took for a company: the raw message in the object store, beside its inbox item. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    ...tenantKey(),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }).notNull(),
    /** The raw message as it came over SMTP, kept so processing can run again and a review can be undone. */
    storageKey: text('storage_key').notNull(),
    envelopeFrom: text('envelope_from'),
    recipient: text('recipient').notNull(),
    remoteAddress: text('remote_address'),
    /** The From header's address once the mail is parsed. */
    fromAddress: text('from_address'),
    textExcerpt: text('text_excerpt').notNull().default(''),
    /** Set when a person accepted a mail from an unknown sender: processing then makes its vouchers. */
    acceptedBy: integer('accepted_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('mail_messages_inbox_item_unique').on(table.companyId, table.inboxItemId),
  ],
);
export type MailMessageRow = typeof mailMessages.$inferSelect;

/** What each attachment of a mail became, and why one was refused. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    ...tenantKey(),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    outcome: text('outcome').$type<MailAttachmentOutcome>().notNull(),
    /** A message key of platform/messages.ts; null when the attachment was taken. */
    reasonKey: text('reason_key'),
    reasonDetails: jsonb('reason_details').$type<Record<string, string | number>>().notNull().default({}),
    voucherId: bigint('voucher_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('mail_attachments_item_idx').on(table.companyId, table.inboxItemId),
  ],
);
export type MailAttachmentRow = typeof mailAttachments.$inferSelect;

/** Addresses a company has accepted mail from, so their later mail needs no review. */
export const mailAcceptedSenders = pgTable(
  'mail_accepted_senders',
  {
    companyId: integer('company_id').notNull(),
    /** Lower case. */
    address: text('address').notNull(),
    /** Who accepted it; later mail from the address is made into vouchers in that person's name. */
    acceptedBy: integer('accepted_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.address] })],
);

/**
 * Mail refused at the door (unknown recipient, too large), answered with an SMTP error so the sender
 * gets a bounce. Most have no company: the recipient was nobody's address.
 */
export const mailSmtpRefusals = pgTable(
  'mail_smtp_refusals',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    /** The company the mail was for, when the recipient was known (a mail too large for its address). */
    forCompanyId: integer('for_company_id'),
    envelopeFrom: text('envelope_from'),
    recipient: text('recipient'),
    remoteAddress: text('remote_address'),
    smtpCode: integer('smtp_code').notNull(),
    reasonKey: text('reason_key').notNull(),
    reasonDetails: jsonb('reason_details').$type<Record<string, string | number>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [index('mail_smtp_refusals_created_idx').on(table.createdAt)],
);
export type MailSmtpRefusalRow = typeof mailSmtpRefusals.$inferSelect;
