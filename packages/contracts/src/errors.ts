/**
 * Stable error codes of the API. The message beside a code is translated for the caller's language;
 * clients branch on the code (and, for the session rules of the catalogue, on the fixed messages
 * below), never on translated text.
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  ACCESS_TOKEN_EXPIRED: 'ACCESS_TOKEN_EXPIRED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  FORBIDDEN: 'FORBIDDEN',
  ADMIN_ONLY: 'ADMIN_ONLY',
  /** The caller's role lacks the action of the role matrix the call needs. */
  ROLE_FORBIDS: 'ROLE_FORBIDS',
  COMPANY_ID_MISSING: 'COMPANY_ID_MISSING',
  COMPANY_NOT_FOUND: 'COMPANY_NOT_FOUND',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** The record belongs to a closed month of the books, which is locked until it is reopened. */
  PERIOD_CLOSED: 'PERIOD_CLOSED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The Idempotency-Key was sent before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** An outside party (bank, eID, card, PEPPOL, mail) could not be reached or was busy, after retries. */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** An outside party refused this request; the message says why, in the party's words where it gave them. */
  PROVIDER_REJECTED: 'PROVIDER_REJECTED',
  /** An outside party refused the product's credentials or answered outside its protocol. */
  PROVIDER_FAILED: 'PROVIDER_FAILED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status each code answers with, the one place they are paired. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  UNAUTHENTICATED: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_REUSED: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  ROLE_FORBIDS: 403,
  COMPANY_ID_MISSING: 400,
  COMPANY_NOT_FOUND: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PERIOD_CLOSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_REJECTED: 422,
  PROVIDER_FAILED: 502,
  INTERNAL: 500,
};

/** The session rules of the catalogue match on these literal messages. */
export const SessionMessage = {
  TOKEN_EXPIRED: 'Token Expired',
  INVALID_TOKEN: 'Invalid Token',
} as const;

/** The error type a 401 carries when the whole session is over (the client logs out). */
export const SESSION_OVER_ERROR_TYPE = 'TOKEN_EXPIRED';
