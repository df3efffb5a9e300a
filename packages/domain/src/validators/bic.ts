import { isCountryCode } from './country-codes';
import type { ValidationResult } from './result';

export type BicFailure = 'EMPTY' | 'LENGTH' | 'FORMAT' | 'COUNTRY';

export interface BicValidationResult extends ValidationResult<BicFailure> {
  institution?: string;
  country?: string;
  location?: string;
  branch?: string;
  /** Location codes ending in "0" are SWIFT test and training addresses. */
  isTest?: boolean;
}

/** ISO 9362 as ISO 20022 schemas constrain it (BICFIIdentifier): institution, country, location, branch. */
const BIC_STRUCTURE = /^([A-Z0-9]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/;

export function normalizeBic(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}

/** BIC / SWIFT code: 8 or 11 characters, e.g. "DNBANOKK" or "DNBANOKKXXX", whose country is an ISO 3166 country. */
export function validateBic(input: string): BicValidationResult {
  const normalized = normalizeBic(String(input ?? ''));
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY' };
  if (normalized.length !== 8 && normalized.length !== 11)
    return { valid: false, normalized, reason: 'LENGTH' };
  const match = BIC_STRUCTURE.exec(normalized);
  if (!match) return { valid: false, normalized, reason: 'FORMAT' };
  const [, institution = '', country = '', location = '', branch] = match;
  if (!isCountryCode(country)) return { valid: false, normalized, reason: 'COUNTRY' };
  return {
    valid: true,
    normalized,
    formatted: normalized,
    institution,
    country,
    location,
    ...(branch === undefined ? {} : { branch }),
    isTest: location.endsWith('0'),
  };
}

export function isValidBic(input: string): boolean {
  return validateBic(input).valid;
}
