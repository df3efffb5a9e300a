import { DomainError } from '../errors';
import { cyclicMod11Weights, luhnCheckDigit, mod11CheckDigit } from './checksums';
import type { ValidationResult } from './result';

export type KidAlgorithm = 'MOD10' | 'MOD11';
export type KidFailure = 'EMPTY' | 'NOT_DIGITS' | 'LENGTH' | 'CHECKSUM';

export const KID_MIN_LENGTH = 2;
export const KID_MAX_LENGTH = 25;

export interface KidValidationResult extends ValidationResult<KidFailure> {
  /** The algorithm the check digit satisfies; MOD10 is named first when both do. */
  algorithm?: KidAlgorithm;
  /** Every algorithm the check digit satisfies. */
  algorithms: KidAlgorithm[];
}

export interface KidValidationOptions {
  /** Accept only this algorithm, as agreed with the payee's bank. */
  algorithm?: KidAlgorithm;
}

export function normalizeKid(input: string): string {
  return input.replace(/\s/g, '');
}

function checkCharacter(base: string, algorithm: KidAlgorithm): string {
  if (algorithm === 'MOD10') return String(luhnCheckDigit(base));
  const check = mod11CheckDigit(base, cyclicMod11Weights(base.length));
  return check === 10 ? '-' : String(check);
}

/**
 * KID (customer identification on Norwegian payments): 2–25 characters, digits with a MOD10 (Luhn)
 * or MOD11 check character; MOD11 writes a check value of 10 as "-".
 */
export function validateKid(input: string, options: KidValidationOptions = {}): KidValidationResult {
  const normalized = normalizeKid(String(input ?? ''));
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY', algorithms: [] };
  if (!/^\d+-?$/.test(normalized)) return { valid: false, normalized, reason: 'NOT_DIGITS', algorithms: [] };
  if (normalized.length < KID_MIN_LENGTH || normalized.length > KID_MAX_LENGTH) {
    return { valid: false, normalized, reason: 'LENGTH', algorithms: [] };
  }
  const base = normalized.slice(0, -1);
  const given = normalized.slice(-1);
  const candidates: KidAlgorithm[] = options.algorithm ? [options.algorithm] : ['MOD10', 'MOD11'];
  const algorithms = candidates.filter((algorithm) => checkCharacter(base, algorithm) === given);
  const [algorithm] = algorithms;
  if (algorithm === undefined) return { valid: false, normalized, reason: 'CHECKSUM', algorithms };
  return { valid: true, normalized, formatted: normalized, algorithm, algorithms };
}

export function isValidKid(input: string, options: KidValidationOptions = {}): boolean {
  return validateKid(input, options).valid;
}

/**
 * The check character to append to `base` ("0"–"9", or "-" for MOD11 when the remainder gives 10).
 * The base must be 1–24 digits so that the finished KID fits the 25-character limit.
 */
export function generateKidCheckDigit(base: string, algorithm: KidAlgorithm): string {
  const digits = normalizeKid(String(base ?? ''));
  if (!/^\d+$/.test(digits) || digits.length < KID_MIN_LENGTH - 1 || digits.length > KID_MAX_LENGTH - 1) {
    throw new DomainError('INVALID_KID', `A KID base must be 1–${KID_MAX_LENGTH - 1} digits, got "${base}"`, {
      base,
    });
  }
  if (algorithm !== 'MOD10' && algorithm !== 'MOD11') {
    throw new DomainError('INVALID_KID', `Unknown KID algorithm "${String(algorithm)}"`, { algorithm });
  }
  return checkCharacter(digits, algorithm);
}

/** `base` followed by its check character. */
export function createKid(base: string, algorithm: KidAlgorithm): string {
  return `${normalizeKid(base)}${generateKidCheckDigit(base, algorithm)}`;
}
