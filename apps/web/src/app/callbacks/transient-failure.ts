import { ApiError } from '../api/errors';

/**
 * A failure that may pass when asked again: the server was not reached, or failed itself. A refusal
 * (4xx) answers the same every time, so a return page offers no retry for it.
 */
export function isTransientFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isConnectFail || error.status >= 500;
}
