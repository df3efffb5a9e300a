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
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ role: claims.roleId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
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
