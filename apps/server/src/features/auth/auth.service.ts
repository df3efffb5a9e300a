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

export async function login(
  db: Db,
  settings: AuthSettings,
  credentials: { email: string; password: string; ipAddress: string },
): Promise<LoginData> {
  const windowStart = new Date(Date.now() - settings.loginFailureWindowSeconds * 1000);
  const failures = await repository.countRecentLoginFailures(db, credentials.email, windowStart);
  if (failures >= settings.loginMaxFailures) {
    throw Errors.tooManyAttempts(Math.ceil(settings.loginFailureWindowSeconds / 60));
  }
  const user = await repository.findUserByEmail(db, credentials.email);
  const isPasswordRight = await verify(user?.passwordHash ?? (await unknownUserHash), credentials.password);
  if (!user || !isPasswordRight || user.isActive !== 1) {
    await repository.recordLoginFailure(db, credentials.email, credentials.ipAddress);
    throw Errors.invalidCredentials();
  }
  await repository.clearLoginFailures(db, credentials.email);
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
