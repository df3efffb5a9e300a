/**
 * Stable, machine-readable error codes. Callers branch on `code`; `message` is for people.
 * The list is open so new modules can add codes without touching this file.
 */
export type DomainErrorCode =
  | 'INVALID_AMOUNT'
  | 'AMBIGUOUS_AMOUNT'
  | 'INVALID_DATE'
  | 'INVALID_CURRENCY'
  | 'UNSUPPORTED_FILE'
  | 'UNSUPPORTED_ENCODING'
  | 'INVALID_ENCODING'
  | 'INVALID_STATEMENT'
  | 'INVALID_MAPPING'
  | 'UNKNOWN_TEMPLATE'
  | 'INVALID_KID'
  | 'INVALID_XML'
  | 'XML_TOO_LARGE'
  | 'XML_DTD_FORBIDDEN'
  | 'USAGE'
  | (string & {});

/** The only error type the domain package throws on bad input. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly details?: unknown;

  constructor(code: DomainErrorCode, message: string, details?: unknown) {
    super(message);
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
