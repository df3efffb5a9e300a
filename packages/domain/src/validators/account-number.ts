import { mod11CheckDigit } from './checksums';
import type { ValidationResult } from './result';

export type AccountNumberFailure = 'EMPTY' | 'NOT_DIGITS' | 'LENGTH' | 'ALL_ZERO' | 'CHECKSUM';

const ACCOUNT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
export const ACCOUNT_NUMBER_LENGTH = 11;

/** Removes the spaces and dots people write inside account numbers ("1234 56 78903", "1234.56.78903"). */
export function normalizeAccountNumber(input: string): string {
  return input.replace(/[\s.]/g, '');
}

/**
 * Check digit for the first ten digits of a Norwegian account number, or `undefined` when the
 * modulus 11 rule allows none (no valid account number starts with those ten digits).
 */
export function accountNumberCheckDigit(firstTenDigits: string): number | undefined {
  if (!/^\d{10}$/.test(firstTenDigits)) return undefined;
  const check = mod11CheckDigit(firstTenDigits, ACCOUNT_WEIGHTS);
  return check === 10 ? undefined : check;
}

/** Norwegian bank account number: 11 digits, not all zero, modulus 11 check digit. */
export function validateAccountNumber(input: string): ValidationResult<AccountNumberFailure> {
  const normalized = normalizeAccountNumber(String(input ?? ''));
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY' };
  if (!/^\d+$/.test(normalized)) return { valid: false, normalized, reason: 'NOT_DIGITS' };
  if (normalized.length !== ACCOUNT_NUMBER_LENGTH) return { valid: false, normalized, reason: 'LENGTH' };
  if (/^0+$/.test(normalized)) return { valid: false, normalized, reason: 'ALL_ZERO' };
  const check = accountNumberCheckDigit(normalized.slice(0, 10));
  if (check === undefined || check !== Number(normalized[10])) {
    return { valid: false, normalized, reason: 'CHECKSUM' };
  }
  return { valid: true, normalized, formatted: formatAccountNumber(normalized) };
}

export function isValidAccountNumber(input: string): boolean {
  return validateAccountNumber(input).valid;
}

/** 11-digit account numbers are shown as 4.2.5 ("1234.56.78903"); anything else comes back as given. */
export function formatAccountNumber(input: string): string {
  const normalized = normalizeAccountNumber(input);
  if (!/^\d{11}$/.test(normalized)) return input;
  return `${normalized.slice(0, 4)}.${normalized.slice(4, 6)}.${normalized.slice(6)}`;
}
