import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Language, type LoginData, normalizeLanguage, type SessionUser } from '@bilag/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client';
import type { AccessTokens } from '../../platform/access-token';
import { Errors } from '../../platform/errors';
import * as repository from './auth.repository';
import type { UserRow } from './user.table';

export type AuthSettings = {
  accessTokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  loginMaxFailures: number;
  loginFailureWindowSeconds: number;
  loginRequestsPerMinutePerIp: number;
};

/** Argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Verifying against a fixed hash when the email is unknown keeps the answer time the same either way. */
const unknownUserHash = hash('unknown-user-placeholder-password');

function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    Id: user.id,
    Email: user.email,
    FullName: user.fullName,
    RoleId: user.roleId,
    Language: normalizeLanguage(user.language),
  };
}

async function issueRefreshToken(db: Db, settings: AuthSettings, sessionId: string, userId: number) {
  const token = randomBytes(32).toString('base64url');
  await repository.insertRefreshToken(db, {
    tokenHash: hashRefreshToken(token),
    sessionId,
    userId,
    expiresAt: new Date(Date.now() + settings.refreshTokenTtlSeconds * 1000),
  });
  return token;
}

/**
 * Across all sources an email gets this many times the per-source failures, over this many times the
 * per-source window, before it backs off: slower to trip and longer to last than the per-source lock,
 * so spraying one account from many addresses is still slowed while a stranger's few wrong
 * passwords cannot lock its owner out.
 */
const EMAIL_FAILURES_FACTOR = 4;
const EMAIL_WINDOW_FACTOR = 4;
/** The first per-email wait; each further failure doubles it, up to the per-email window. */
const EMAIL_FIRST_BACKOFF_MS = 60_000;

/**
 * How long an email stays refused, in milliseconds (0: not refused). One source is locked once it has
 * `loginMaxFailures` failures in the window, until the oldest of those leaves it; the email as a whole
 * backs off exponentially from its last failure once all sources together have many.
 */
async function signInLockedForMs(
  db: Db,
  settings: AuthSettings,
  email: string,
  ipAddress: string,
  now: number,
): Promise<number> {
  const sourceWindowMs = settings.loginFailureWindowSeconds * 1000;
  const fromSource = await repository.latestLoginFailuresFromSource(db, {
    email,
    ipAddress,
    since: new Date(now - sourceWindowMs),
    limit: settings.loginMaxFailures,
  });
  const oldestCounted = fromSource[settings.loginMaxFailures - 1];
  const sourceLockMs = oldestCounted ? oldestCounted.getTime() + sourceWindowMs - now : 0;

  const emailWindowMs = sourceWindowMs * EMAIL_WINDOW_FACTOR;
  const emailMaxFailures = settings.loginMaxFailures * EMAIL_FAILURES_FACTOR;
  const { failures, lastFailedAt } = await repository.summarizeLoginFailures(
    db,
    email,
    new Date(now - emailWindowMs),
  );
  let emailBackoffMs = 0;
  if (lastFailedAt && failures >= emailMaxFailures) {
    // The exponent is capped before it is used so a long run of failures cannot overflow the delay.
    const doublings = Math.min(failures - emailMaxFailures, 32);
    const delayMs = Math.min(EMAIL_FIRST_BACKOFF_MS * 2 ** doublings, emailWindowMs);
    emailBackoffMs = lastFailedAt.getTime() + delayMs - now;
  }
  return Math.max(sourceLockMs, emailBackoffMs, 0);
}

export async function login(
  db: Db,
  settings: AuthSettings,
  credentials: { email: string; password: string; ipAddress: string },
): Promise<LoginData> {
  const now = Date.now();
  const lockedForMs = await signInLockedForMs(db, settings, credentials.email, credentials.ipAddress, now);
  if (lockedForMs > 0) throw Errors.tooManyAttempts(Math.max(1, Math.ceil(lockedForMs / 60_000)));
  const user = await repository.findUserByEmail(db, credentials.email);
  const isPasswordRight = await verify(user?.passwordHash ?? (await unknownUserHash), credentials.password);
  if (!user || !isPasswordRight || user.isActive !== 1) {
    await repository.recordLoginFailure(db, credentials.email, credentials.ipAddress, new Date());
    throw Errors.invalidCredentials();
  }
  await repository.clearLoginFailuresFromSource(db, credentials.email, credentials.ipAddress);
  const sessionId = randomUUID();
  await repository.createSession(db, { id: sessionId, userId: user.id });
  const refreshToken = await issueRefreshToken(db, settings, sessionId, user.id);
  const accessToken = await settings.accessTokens.sign({ userId: user.id, roleId: user.roleId, sessionId });
  return {
    AccessToken: accessToken,
    RefreshToken: refreshToken,
    RoleId: user.roleId,
    ExpiresIn: settings.accessTokens.ttlSeconds,
    User: toSessionUser(user),
  };
}

/**
 * Spends a refresh token and issues the next one of the same sign-in. A token that was already
 * spent means two parties hold it: the whole sign-in is ended.
 */
export async function refresh(db: Db, settings: AuthSettings, refreshToken: string) {
  const tokenHash = hashRefreshToken(refreshToken);
  const stored = await repository.findRefreshToken(db, tokenHash);
  if (!stored) throw Errors.sessionOver();
  if (stored.spentAt || stored.revokedAt) {
    await repository.revokeSession(db, stored.sessionId, 'refresh token reused');
    throw Errors.refreshTokenReused();
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw Errors.sessionOver();
  if (!(await repository.isSessionActive(db, stored.sessionId, stored.userId))) throw Errors.sessionOver();
  if (!(await repository.spendRefreshToken(db, tokenHash))) {
    await repository.revokeSession(db, stored.sessionId, 'refresh token reused');
    throw Errors.refreshTokenReused();
  }
  const user = await repository.findUserById(db, stored.userId);
  if (!user) throw Errors.sessionOver();
  const nextRefreshToken = await issueRefreshToken(db, settings, stored.sessionId, user.id);
  const token = await settings.accessTokens.sign({
    userId: user.id,
    roleId: user.roleId,
    sessionId: stored.sessionId,
  });
  return { token, refreshToken: nextRefreshToken, expiresIn: settings.accessTokens.ttlSeconds };
}

export async function logout(db: Db, sessionId: string) {
  await repository.revokeSession(db, sessionId, 'logout');
}

export async function getSessionUser(db: Db, userId: number): Promise<SessionUser> {
  const user = await repository.findUserById(db, userId);
  if (!user) throw Errors.sessionOver();
  return toSessionUser(user);
}

export async function getUserByAccessToken(
  db: Db,
  settings: AuthSettings,
  token: string,
): Promise<SessionUser> {
  const claims = await settings.accessTokens.verify(token);
  if (!(await repository.isSessionActive(db, claims.sessionId, claims.userId))) throw Errors.sessionOver();
  return getSessionUser(db, claims.userId);
}

export async function changeLanguage(db: Db, userId: number, language: Language) {
  await repository.updateUserLanguage(db, userId, language);
  return { language };
}
