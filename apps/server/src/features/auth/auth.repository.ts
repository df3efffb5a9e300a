import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared-statements';
import { sessions } from './session.table';
import { loginFailures, refreshTokens, users } from './user.table';

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0]);
}

export function findUserById(db: Db, userId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export async function createUser(
  db: Db,
  user: { email: string; fullName: string; passwordHash: string; roleId: number; language?: string },
) {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('The user was not created');
  return row;
}

export async function updateUserLanguage(db: Db, userId: number, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * The times of the latest failed sign-ins for an email from one source since a moment, newest first,
 * at most `limit` of them: enough to tell whether the source is locked and until when.
 */
export function latestLoginFailuresFromSource(
  db: Db,
  failure: { email: string; ipAddress: string; since: Date; limit: number },
): Promise<Date[]> {
  return db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, failure.email.toLowerCase()),
        eq(loginFailures.ipAddress, failure.ipAddress),
        gt(loginFailures.failedAt, failure.since),
      ),
    )
    .orderBy(desc(loginFailures.failedAt))
    .limit(failure.limit)
    .then((rows) => rows.map((row) => row.failedAt));
}

/** How many sign-ins for an email failed since a moment from any source, and when the last one did. */
export async function summarizeLoginFailures(
  db: Db,
  email: string,
  since: Date,
): Promise<{ failures: number; lastFailedAt: Date | null }> {
  const [row] = await db
    .select({ failures: count(), lastFailedAt: max(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.failedAt, since)));
  return { failures: row?.failures ?? 0, lastFailedAt: row?.lastFailedAt ?? null };
}

/** Stamped by the server's clock, the same clock the lock is measured with, not the database's. */
export async function recordLoginFailure(db: Db, email: string, ipAddress: string, failedAt: Date) {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), ipAddress, failedAt });
}

/** Forgets the failures of one source only: a sign-in elsewhere must not lift a guesser's lock. */
export async function clearLoginFailuresFromSource(db: Db, email: string, ipAddress: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.ipAddress, ipAddress)));
}

export async function createSession(db: Db, session: { id: string; userId: number }) {
  await db.insert(sessions).values(session);
}

const prepareSessionCheck = (db: Db, statementName: string) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        eq(users.isActive, 1),
      ),
    )
    .prepare(statementName);

/** Prepared, because every authenticated request runs it. */
const sessionChecks = preparedStatements<ReturnType<typeof prepareSessionCheck>>('session_active');

export async function isSessionActive(db: Db, sessionId: string, userId: number): Promise<boolean> {
  const statement = sessionChecks(db, '', (name) => prepareSessionCheck(db, name));
  const rows = await statement.execute({ sessionId, userId });
  return rows.length > 0;
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function insertRefreshToken(
  db: Db,
  token: { tokenHash: string; sessionId: string; userId: number; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(token);
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .then((rows) => rows[0]);
}

/** Marks the token spent only if nobody has spent it yet; two concurrent refreshes cannot both win. */
export async function spendRefreshToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ spentAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.spentAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length > 0;
}
