import { mod11CheckDigit } from './checksums';
import type { ValidationResult } from './result';

export type NationalIdentityNumberFailure = 'EMPTY' | 'NOT_DIGITS' | 'LENGTH' | 'CHECKSUM';

const FIRST_CONTROL_WEIGHTS = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const SECOND_CONTROL_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * Norwegian national identity number (fødselsnummer, D-number, synthetic test number): 11 digits
 * whose two modulus 11 control digits hold. The date part is not checked, since D-numbers and
 * synthetic numbers shift it by design.
 */
export function validateNationalIdentityNumber(
  input: string,
): ValidationResult<NationalIdentityNumberFailure> {
  const normalized = String(input ?? '').replace(/\s/g, '');
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY' };
  if (!/^\d+$/.test(normalized)) return { valid: false, normalized, reason: 'NOT_DIGITS' };
  if (normalized.length !== 11) return { valid: false, normalized, reason: 'LENGTH' };
  const first = mod11CheckDigit(normalized.slice(0, 9), FIRST_CONTROL_WEIGHTS);
  const second = mod11CheckDigit(normalized.slice(0, 10), SECOND_CONTROL_WEIGHTS);
  const controlsHold =
    first < 10 && second < 10 && first === Number(normalized[9]) && second === Number(normalized[10]);
  if (!controlsHold) return { valid: false, normalized, reason: 'CHECKSUM' };
  return { valid: true, normalized, formatted: `${normalized.slice(0, 6)} ${normalized.slice(6)}` };
}

export function isValidNationalIdentityNumber(input: string): boolean {
  return validateNationalIdentityNumber(input).valid;
}
