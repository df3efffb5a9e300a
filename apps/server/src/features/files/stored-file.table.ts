import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns';

/** A file someone uploaded (a receipt image, an invoice PDF), owned by a record of one company. */
export const storedFiles = pgTable(
  'stored_files',
  {
    ...tenantKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('stored_files_owner_idx').on(table.companyId, table.ownerType, table.ownerId),
    // Mail intake looks a document up by its bytes among the company's files, once per attachment.
    index('stored_files_sha256_idx').on(table.companyId, table.sha256),
  ],
);

export type StoredFileRow = typeof storedFiles.$inferSelect;
