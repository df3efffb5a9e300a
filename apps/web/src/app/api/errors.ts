import type { z } from 'zod';

/** The catalogue's code for a call that never reached the server ("Failed to fetch"). */
export const CONNECT_FAIL_CODE = -1;

type ApiErrorDetails = {
  status: number;
  code: string | typeof CONNECT_FAIL_CODE;
  message: string;
  errorType?: string | undefined;
  /** What the server added to explain the failure, such as the fields at fault; read it through a schema. */
  data?: unknown;
};

/** A failed call, carrying the server's translated message and its stable code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | typeof CONNECT_FAIL_CODE;
  readonly errorType: string | undefined;
  readonly data: unknown;

  constructor({ status, code, message, errorType, data }: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errorType = errorType;
    this.data = data;
  }

  get isConnectFail(): boolean {
    return this.code === CONNECT_FAIL_CODE;
  }
}

/**
 * The server answered with a shape its contract does not allow. The screen cannot be trusted with
 * such data, so this error is rendered by the error boundary instead of being shown inline.
 */
export class ContractMismatchError extends Error {
  readonly call: string;
  readonly issues: z.core.$ZodIssue[];

  constructor(call: string, issues: z.core.$ZodIssue[]) {
    super(
      `The reply of ${call} does not match its contract: ${issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`,
    );
    this.name = 'ContractMismatchError';
    this.call = call;
    this.issues = issues;
  }
}

/** The server failed (5xx): nothing the person did or can change on the screen. */
export function isServerError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 500;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
