import { ErrorCode, SESSION_OVER_ERROR_TYPE, SessionMessage } from '@bilag/contracts';
import type { MessageKey } from './messages';

type AppErrorOptions = {
  params?: Record<string, string | number>;
  /** A fixed message that clients match on; it is sent untranslated. */
  literalMessage?: string;
  errorType?: string;
  data?: unknown;
};

/** An error a person can understand, with the HTTP status and the stable code the API promises. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly options: AppErrorOptions;

  constructor(statusCode: number, code: ErrorCode, messageKey: MessageKey, options: AppErrorOptions = {}) {
    super(options.literalMessage ?? messageKey);
    this.statusCode = statusCode;
    this.code = code;
    this.messageKey = messageKey;
    this.options = options;
  }
}

export const Errors = {
  validation: (issues: unknown) =>
    new AppError(400, ErrorCode.VALIDATION_FAILED, 'validationFailed', { data: issues }),
  invalidCredentials: () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'invalidCredentials'),
  tooManyAttempts: (minutes: number) =>
    new AppError(429, ErrorCode.TOO_MANY_ATTEMPTS, 'tooManyAttempts', { params: { minutes } }),
  unauthenticated: () => new AppError(401, ErrorCode.UNAUTHENTICATED, 'unauthenticated'),
  accessTokenExpired: () =>
    new AppError(401, ErrorCode.ACCESS_TOKEN_EXPIRED, 'sessionOver', {
      literalMessage: SessionMessage.TOKEN_EXPIRED,
    }),
  invalidToken: () =>
    new AppError(401, ErrorCode.INVALID_TOKEN, 'sessionOver', {
      literalMessage: SessionMessage.INVALID_TOKEN,
    }),
  sessionOver: () =>
    new AppError(401, ErrorCode.TOKEN_EXPIRED, 'sessionOver', { errorType: SESSION_OVER_ERROR_TYPE }),
  refreshTokenReused: () =>
    new AppError(401, ErrorCode.REFRESH_TOKEN_REUSED, 'refreshTokenReused', {
      errorType: SESSION_OVER_ERROR_TYPE,
    }),
  forbidden: () => new AppError(403, ErrorCode.FORBIDDEN, 'forbidden'),
  adminOnly: () => new AppError(403, ErrorCode.ADMIN_ONLY, 'adminOnly'),
  companyIdMissing: () => new AppError(400, ErrorCode.COMPANY_ID_MISSING, 'companyIdMissing'),
  companyNotFound: () => new AppError(404, ErrorCode.COMPANY_NOT_FOUND, 'companyNotFound'),
  notFound: (messageKey: MessageKey = 'notFound') => new AppError(404, ErrorCode.NOT_FOUND, messageKey),
};
