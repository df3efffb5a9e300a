import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide values every server process must agree on, such as the token signing key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
