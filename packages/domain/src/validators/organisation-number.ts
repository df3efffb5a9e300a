import { mod11CheckDigit } from './checksums';
import type { ValidationResult } from './result';

export type OrganisationNumberFailure = 'EMPTY' | 'NOT_DIGITS' | 'LENGTH' | 'CHECKSUM';
export type VatNumberFailure = OrganisationNumberFailure | 'FORMAT';

const ORGANISATION_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

export function normalizeOrganisationNumber(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

/** Check digit for the first eight digits, or `undefined` when none exists (remainder gives 10). */
export function organisationNumberCheckDigit(firstEightDigits: string): number | undefined {
  if (!/^\d{8}$/.test(firstEightDigits)) return undefined;
  const check = mod11CheckDigit(firstEightDigits, ORGANISATION_WEIGHTS);
  return check === 10 ? undefined : check;
}

/** Norwegian organisation number (Enhetsregisteret): 9 digits with a modulus 11 check digit. */
export function validateOrganisationNumber(input: string): ValidationResult<OrganisationNumberFailure> {
  const normalized = normalizeOrganisationNumber(String(input ?? ''));
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY' };
  if (!/^\d+$/.test(normalized)) return { valid: false, normalized, reason: 'NOT_DIGITS' };
  if (normalized.length !== 9) return { valid: false, normalized, reason: 'LENGTH' };
  const check = organisationNumberCheckDigit(normalized.slice(0, 8));
  if (check === undefined || check !== Number(normalized[8])) {
    return { valid: false, normalized, reason: 'CHECKSUM' };
  }
  return { valid: true, normalized, formatted: formatOrganisationNumber(normalized) };
}

export function isValidOrganisationNumber(input: string): boolean {
  return validateOrganisationNumber(input).valid;
}

/** "988 077 917"; anything that is not nine digits comes back as given. */
export function formatOrganisationNumber(input: string): string {
  const normalized = normalizeOrganisationNumber(input);
  if (!/^\d{9}$/.test(normalized)) return input;
  return `${normalized.slice(0, 3)} ${normalized.slice(3, 6)} ${normalized.slice(6)}`;
}

/**
 * Norwegian VAT number as written on invoices: the organisation number followed by "MVA",
 * optionally preceded by "NO" ("NO 995 525 828 MVA"). Normalized to "NO995525828MVA".
 */
export function validateVatNumber(input: string): ValidationResult<VatNumberFailure> {
  const compact = String(input ?? '')
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  if (compact.length === 0) return { valid: false, reason: 'EMPTY' };
  const match = /^(?:NO)?(.*)MVA$/.exec(compact);
  if (!match) return { valid: false, normalized: compact, reason: 'FORMAT' };
  const organisation = validateOrganisationNumber(match[1] ?? '');
  const normalized = `NO${organisation.normalized ?? ''}MVA`;
  if (!organisation.valid) return { valid: false, normalized, reason: organisation.reason ?? 'CHECKSUM' };
  return { valid: true, normalized, formatted: `NO ${organisation.formatted ?? ''} MVA` };
}
