import { ERROR_STATUS, ErrorCode, SESSION_OVER_ERROR_TYPE, SessionMessage } from '@bilag/contracts';
import type { MessageKey } from './messages';

type MessageParams = Record<string, string | number>;

type AppErrorOptions = {
  params?: MessageParams;
  /** A fixed message that clients match on; it is sent untranslated. */
  literalMessage?: string;
  errorType?: string;
  data?: unknown;
};

/** An error a person can understand, with the stable code the API promises and that code's HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, messageKey: MessageKey, options: AppErrorOptions = {}) {
    super(options.literalMessage ?? messageKey);
    this.statusCode = ERROR_STATUS[code];
    this.code = code;
    this.messageKey = messageKey;
    this.options = options;
  }
}

function withParams(params: MessageParams | undefined): AppErrorOptions {
  return params ? { params } : {};
}

export const Errors = {
  validation: (issues: unknown) =>
    new AppError(ErrorCode.VALIDATION_FAILED, 'validationFailed', { data: issues }),
  /** Input that is well formed but breaks a rule, explained by its message. */
  invalid: (messageKey: MessageKey, params?: MessageParams, data?: unknown) =>
    new AppError(ErrorCode.VALIDATION_FAILED, messageKey, { ...withParams(params), data }),
  invalidCredentials: () => new AppError(ErrorCode.INVALID_CREDENTIALS, 'invalidCredentials'),
  tooManyAttempts: (minutes: number) =>
    minutes === 1
      ? new AppError(ErrorCode.TOO_MANY_ATTEMPTS, 'tooManyAttemptsOneMinute')
      : new AppError(ErrorCode.TOO_MANY_ATTEMPTS, 'tooManyAttempts', { params: { minutes } }),
  unauthenticated: () => new AppError(ErrorCode.UNAUTHENTICATED, 'unauthenticated'),
  accessTokenExpired: () =>
    new AppError(ErrorCode.ACCESS_TOKEN_EXPIRED, 'sessionOver', {
      literalMessage: SessionMessage.TOKEN_EXPIRED,
    }),
  invalidToken: () =>
    new AppError(ErrorCode.INVALID_TOKEN, 'sessionOver', { literalMessage: SessionMessage.INVALID_TOKEN }),
  sessionOver: () =>
    new AppError(ErrorCode.TOKEN_EXPIRED, 'sessionOver', { errorType: SESSION_OVER_ERROR_TYPE }),
  refreshTokenReused: () =>
    new AppError(ErrorCode.REFRESH_TOKEN_REUSED, 'refreshTokenReused', {
      errorType: SESSION_OVER_ERROR_TYPE,
    }),
  forbidden: (messageKey: MessageKey = 'forbidden', params?: MessageParams) =>
    new AppError(ErrorCode.FORBIDDEN, messageKey, withParams(params)),
  adminOnly: () => new AppError(ErrorCode.ADMIN_ONLY, 'adminOnly'),
  roleForbids: () => new AppError(ErrorCode.ROLE_FORBIDS, 'roleForbids'),
  companyIdMissing: (messageKey: MessageKey = 'companyIdMissing') =>
    new AppError(ErrorCode.COMPANY_ID_MISSING, messageKey),
  companyNotFound: () => new AppError(ErrorCode.COMPANY_NOT_FOUND, 'companyNotFound'),
  notFound: (messageKey: MessageKey = 'notFound') => new AppError(ErrorCode.NOT_FOUND, messageKey),
  /** The request clashes with the record's state (taken, already done, not allowed now). */
  conflict: (messageKey: MessageKey, params?: MessageParams, data?: unknown) =>
    new AppError(ErrorCode.CONFLICT, messageKey, { ...withParams(params), data }),
  periodClosed: (month: string) =>
    new AppError(ErrorCode.PERIOD_CLOSED, 'periodClosed', { params: { month } }),
  tooLarge: (messageKey: MessageKey, params?: MessageParams) =>
    new AppError(ErrorCode.PAYLOAD_TOO_LARGE, messageKey, withParams(params)),
  /** A file refused by its content; `data` names the file so a client can mark it in a batch. */
  unsupportedMediaType: (messageKey: MessageKey, params?: MessageParams, data?: unknown) =>
    new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, messageKey, { ...withParams(params), data }),
  /** A state the code guarantees cannot happen; logged and answered as a 500. */
  internal: () => new AppError(ErrorCode.INTERNAL, 'internal'),
};

/** The SQLSTATE the period lock of migration 0013 raises for a change to a closed month. */
const PERIOD_CLOSED_SQLSTATE = 'BL409';

/**
 * The refusal of the period lock as the error a person reads, where the database raised it (on the
 * error or the errors it wraps: drizzle wraps the driver's in `cause`). The trigger names the month
 * (YYYY-MM) in the error's detail.
 */
export function closedPeriodError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (Reflect.get(current, 'code') === PERIOD_CLOSED_SQLSTATE) {
      const detail: unknown = Reflect.get(current, 'detail');
      return Errors.periodClosed(typeof detail === 'string' && /^\d{4}-\d{2}$/.test(detail) ? detail : '');
    }
    current = Reflect.get(current, 'cause');
  }
  return undefined;
}
