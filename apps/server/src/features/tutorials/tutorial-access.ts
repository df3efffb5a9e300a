import { createHash, createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type TutorialAccess } from '@bilag/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { TutorialSettings } from '../../config';
import { AppError } from '../../platform/errors';

const ISSUER = 'bilag';
/** Not the API's audience: a tutorial token opens nothing but the tutorials, and no access token opens them. */
const AUDIENCE = 'bilag-tutorials';

export type TutorialAccessGate = {
  /** A token for the tutorials when the password is right; 401 when it is not. */
  grant: (password: string) => Promise<TutorialAccess>;
  /** Passes a token that check-password gave out and that has not expired; 401 for any other. */
  require: (token: string | undefined) => Promise<void>;
};

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function createTutorialAccess(
  signingKey: string,
  settings: Pick<TutorialSettings, 'password' | 'tokenTtlSeconds'>,
): TutorialAccessGate {
  const key = createSecretKey(Buffer.from(signingKey, 'utf8'));
  // Compared as digests of equal length, so the time taken tells nothing of the password.
  const passwordDigest = sha256(settings.password);
  // Names the password a token was given for without revealing it, so a changed password ends the
  // tokens given for the old one.
  const passwordVersion = createHmac('sha256', signingKey)
    .update(`tutorial-password:${settings.password}`)
    .digest('base64url')
    .slice(0, 22);
  return {
    grant: async (password) => {
      if (!timingSafeEqual(sha256(password), passwordDigest))
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'tutorialPasswordWrong');
      const token = await new SignJWT({ pwv: passwordVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${settings.tokenTtlSeconds}s`)
        .sign(key);
      return { token, expiresIn: settings.tokenTtlSeconds };
    },
    require: async (token) => {
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'tutorialPasswordNeeded');
      let version: unknown;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        version = payload.pwv;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError(ErrorCode.UNAUTHENTICATED, 'tutorialAccessExpired');
        throw new AppError(ErrorCode.UNAUTHENTICATED, 'tutorialPasswordNeeded');
      }
      if (version !== passwordVersion) throw new AppError(ErrorCode.UNAUTHENTICATED, 'tutorialAccessExpired');
    },
  };
}
