import { webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Errors } from './errors';

export type AccessTokenClaims = { userId: number; roleId: number; sessionId: string };

const ISSUER = 'bilag';
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
        return { userId, roleId: payload.role, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw Errors.accessTokenExpired();
        throw Errors.invalidToken();
      }
    },
  };
}
