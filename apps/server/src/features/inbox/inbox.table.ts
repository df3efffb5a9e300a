import type { InboxChannel, InboxStatus } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
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
import { tenantKey, timestamps } from '../../db/columns';

/** Everything that arrived for a company by EHF or e-mail, and what became of it. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    ...tenantKey(),
    /** The address of the item's page (/inbox/{uuid}); random, so one company's links reveal nothing. */
    uuid: text('uuid').notNull(),
    channel: text('channel').$type<InboxChannel>().notNull(),
    senderName: text('sender_name'),
    senderAddress: text('sender_address'),
    subject: text('subject'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<InboxStatus>().notNull().default('received'),
    /** A message key of platform/messages.ts saying why it was refused or waits. */
    reasonKey: text('reason_key'),
    /** The parameters of the reason's text and what was found (a rule id, a size). */
    reasonDetails: jsonb('reason_details').$type<Record<string, string | number>>().notNull().default({}),
    voucherIds: bigint('voucher_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    ehfDocumentId: bigint('ehf_document_id', { mode: 'number' }),
    attachmentCount: integer('attachment_count').notNull().default(0),
    sizeBytes: integer('size_bytes').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('inbox_items_uuid_unique').on(table.companyId, table.uuid),
    index('inbox_items_received_idx').on(table.companyId, table.receivedAt),
  ],
);
export type InboxItemRow = typeof inboxItems.$inferSelect;
export type NewInboxItem = typeof inboxItems.$inferInsert;

/** Who has read which arrival: the inbox is shared by the company, reading is each person's own. */
export const inboxItemReads = pgTable(
  'inbox_item_reads',
  {
    companyId: integer('company_id').notNull(),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.inboxItemId, table.userId] })],
);
