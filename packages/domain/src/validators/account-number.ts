import { mod11CheckDigit, mod97 } from './checksums';
import type { ValidationResult } from './result';

/** IBAN_CHECKSUM: a Norwegian IBAN was typed, and its two check digits do not fit its account number. */
export type AccountNumberFailure =
  | 'EMPTY'
  | 'NOT_DIGITS'
  | 'LENGTH'
  | 'ALL_ZERO'
  | 'CHECKSUM'
  | 'IBAN_CHECKSUM';

export interface AccountNumberValidationResult extends ValidationResult<AccountNumberFailure> {
  /** The Norwegian IBAN, compact, when the account number was typed as one. */
  iban?: string;
}

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

/** "NO39 1503 2024 154": NO, two check digits and the account number, with the separators IBANs are written with. */
const NORWEGIAN_IBAN = /^NO(\d{2})(\d{11})$/;

/**
 * Norwegian bank account number: 11 digits, not all zero, modulus 11 check digit. A Norwegian IBAN is
 * accepted as its account number (statements name accounts by IBAN, so people copy them from there),
 * once its own check digits hold; `iban` then tells that it was one.
 */
export function validateAccountNumber(input: string): AccountNumberValidationResult {
  const text = String(input ?? '');
  const compactIban = text.replace(/[\s.-]/g, '').toUpperCase();
  const iban = NORWEGIAN_IBAN.exec(compactIban);
  if (iban) {
    const [, checkDigits = '', bban = ''] = iban;
    if (mod97(`${bban}NO${checkDigits}`) !== 1) {
      return { valid: false, normalized: compactIban, reason: 'IBAN_CHECKSUM' };
    }
    const domestic = validateDomesticNumber(bban);
    return domestic.valid ? { ...domestic, iban: compactIban } : domestic;
  }
  return validateDomesticNumber(normalizeAccountNumber(text));
}

function validateDomesticNumber(normalized: string): AccountNumberValidationResult {
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

/**
 * The 11 digits an account number was typed as, or its Norwegian IBAN's account number, for finding an
 * account; anything else comes back without its spaces and dots.
 */
export function accountNumberOf(input: string): string {
  const result = validateAccountNumber(input);
  return result.valid ? (result.normalized ?? '') : normalizeAccountNumber(input);
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
