import { ErrorCode, SESSION_OVER_ERROR_TYPE, SessionMessage } from '@bilag/contracts';
import { ApiError } from '../api/errors';

/** A protected call answered 401 "Token Expired": the session may be renewed after the user confirms. */
export function isAccessTokenExpired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.message === SessionMessage.TOKEN_EXPIRED || error.code === ErrorCode.ACCESS_TOKEN_EXPIRED)
  );
}

/** A 401 of type TOKEN_EXPIRED or "Invalid Token": the session cannot be saved, the user is signed out. */
export function isSessionOver(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.errorType === SESSION_OVER_ERROR_TYPE || error.message === SessionMessage.INVALID_TOKEN)
  );
}

export function isSessionError(error: unknown): boolean {
  return isAccessTokenExpired(error) || isSessionOver(error);
}
