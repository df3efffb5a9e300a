import type {
  EhfDocumentKind,
  EhfDocumentLine,
  EhfDocumentProblem,
  EhfDocumentStatus,
  EhfVatRate,
  InboxChannel,
} from '@bilag/contracts';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantKey, timestamps } from '../../db/columns';

/**
 * An EHF invoice or credit note a company received, by the access point or by e-mail, as it was read:
 * what the voucher was made from, or why none was made. Its XML and PDF are stored files owned by it.
 */
export const ehfDocuments = pgTable(
  'ehf_documents',
  {
    ...tenantKey(),
    /** The envelope's InstanceIdentifier: a delivery repeated by the access point has the same one. */
    messageId: text('message_id'),
    channel: text('channel').$type<InboxChannel>().notNull(),
    status: text('status').$type<EhfDocumentStatus>().notNull(),
    documentKind: text('document_kind').$type<EhfDocumentKind>(),
    documentNumber: text('document_number'),
    /** Who the supplier is for telling documents apart: its organisation number, else its endpoint or name. */
    supplierKey: text('supplier_key'),
    supplierName: text('supplier_name'),
    supplierOrganisationNumber: text('supplier_organisation_number'),
    customerName: text('customer_name'),
    customerOrganisationNumber: text('customer_organisation_number'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    currency: text('currency'),
    payableAmountOre: bigint('payable_amount_ore', { mode: 'number' }),
    lineExtensionAmountOre: bigint('line_extension_amount_ore', { mode: 'number' }),
    taxExclusiveAmountOre: bigint('tax_exclusive_amount_ore', { mode: 'number' }),
    taxAmountOre: bigint('tax_amount_ore', { mode: 'number' }),
    taxInclusiveAmountOre: bigint('tax_inclusive_amount_ore', { mode: 'number' }),
    kid: text('kid'),
    supplierAccount: text('supplier_account'),
    buyerReference: text('buyer_reference'),
    orderReference: text('order_reference'),
    billingReference: text('billing_reference'),
    lines: jsonb('lines').$type<EhfDocumentLine[]>().notNull().default([]),
    vatRates: jsonb('vat_rates').$type<EhfVatRate[]>().notNull().default([]),
    problems: jsonb('problems').$type<EhfDocumentProblem[]>().notNull().default([]),
    /** A message key of platform/messages.ts saying why it was refused or blocked. */
    reasonKey: text('reason_key'),
    reasonDetails: jsonb('reason_details').$type<Record<string, string | number>>().notNull().default({}),
    /** The mail address it came from, when it came by e-mail. */
    senderAddress: text('sender_address'),
    hasRenderedPdf: boolean('has_rendered_pdf').notNull().default(false),
    voucherId: bigint('voucher_id', { mode: 'number' }),
    /** The invoice a credit note credits; its credit notes are found by this column. */
    creditedDocumentId: bigint('credited_document_id', { mode: 'number' }),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('ehf_documents_message_unique').on(table.companyId, table.messageId),
    // The same invoice twice, by any channel, is one document and one voucher.
    uniqueIndex('ehf_documents_document_unique').on(
      table.companyId,
      table.supplierKey,
      table.documentKind,
      table.documentNumber,
    ),
    index('ehf_documents_received_idx').on(table.companyId, table.receivedAt),
    index('ehf_documents_voucher_idx').on(table.companyId, table.voucherId),
    index('ehf_documents_credited_idx').on(table.companyId, table.creditedDocumentId),
  ],
);
export type EhfDocumentRow = typeof ehfDocuments.$inferSelect;
export type NewEhfDocument = typeof ehfDocuments.$inferInsert;
