import type { NotificationKind } from '@bilag/contracts';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns';

/** A notification for one person in one company; its text is made in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The parameters of the kind's texts (a bank's name, days left). */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('notifications_user_idx').on(table.companyId, table.userId, table.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
