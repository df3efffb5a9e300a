import { webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Errors } from './errors';

export type AccessTokenClaims = { userId: number; roleId: number; sessionId: string };

const ISSUER = 'bilag';
/** Verified tokens remembered at most; the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;
const AUDIENCE = 'bilag-api';

export type AccessTokens = {
  ttlSeconds: number;
  sign: (claims: AccessTokenClaims) => Promise<string>;
  verify: (token: string) => Promise<AccessTokenClaims>;
};

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // Imported once: given the raw bytes, jose would import them again for every token it checks.
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () => {
    key ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return key;
  };
  /**
   * A token checked once is the same string with the same signature on every request until it expires,
   * so its claims are kept rather than its signature checked again (a tenth of an API call's CPU).
   * Whether its sign-in is still going is checked on every request all the same.
   */
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessTokenClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expiresAt });
  };
  return {
    ttlSeconds,
    sign: async (claims) =>
      new SignJWT({ role: claims.roleId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await hmacKey()),
    verify: async (token) => {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const userId = Number(payload.sub);
        if (
          !Number.isSafeInteger(userId) ||
          typeof payload.role !== 'number' ||
          typeof payload.sid !== 'string'
        ) {
          throw Errors.invalidToken();
        }
        const claims = { userId, roleId: payload.role, sessionId: payload.sid };
        if (payload.exp !== undefined) remember(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw Errors.accessTokenExpired();
        throw Errors.invalidToken();
      }
    },
  };
}
