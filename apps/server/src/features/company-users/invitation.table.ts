import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns';
import { users } from '../auth/user.table';

/**
 * An invitation to set the password of an account made for a person added to a company. The link's
 * secret is made when the e-mail is sent (by a job, so a mail server that is down loses nothing), and
 * only its SHA-256 is kept, so the table does not let anyone in; sending again replaces it.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    ...tenantKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    invitedByUserId: integer('invited_by_user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('user_invitations_token_unique').on(table.companyId, table.tokenHash),
    // The link names no company, so it is found by its hash alone.
    index('user_invitations_token_idx').on(table.tokenHash),
    index('user_invitations_user_idx').on(table.userId),
  ],
);

export type UserInvitationRow = typeof userInvitations.$inferSelect;
