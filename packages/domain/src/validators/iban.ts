import { DomainError } from '../errors';
import { validateAccountNumber } from './account-number';
import { mod97 } from './checksums';
import type { ValidationResult } from './result';

export type IbanFailure =
  | 'EMPTY'
  | 'NOT_ALPHANUMERIC'
  | 'COUNTRY'
  | 'LENGTH'
  | 'FORMAT'
  | 'CHECKSUM'
  | 'NATIONAL_CHECKSUM';

export interface IbanValidationResult extends ValidationResult<IbanFailure> {
  country?: string;
  bban?: string;
}

/**
 * BBAN structure per country from the SWIFT IBAN registry, written as in the registry: a length, "!" for
 * a fixed length, and n (digits), a (upper-case letters) or c (letters and digits).
 */
const BBAN_STRUCTURES: Readonly<Record<string, string>> = {
  AD: '4!n4!n12!c',
  AE: '3!n16!n',
  AL: '8!n16!c',
  AT: '5!n11!n',
  AZ: '4!a20!c',
  BA: '3!n3!n8!n2!n',
  BE: '3!n7!n2!n',
  BG: '4!a4!n2!n8!c',
  BH: '4!a14!c',
  BI: '23!c',
  BR: '8!n5!n10!n1!a1!c',
  BY: '4!c4!n16!c',
  CH: '5!n12!c',
  CR: '4!n14!n',
  CY: '3!n5!n16!c',
  CZ: '4!n6!n10!n',
  DE: '8!n10!n',
  DJ: '23!c',
  DK: '4!n9!n1!n',
  DO: '4!c20!n',
  EE: '2!n2!n11!n1!n',
  EG: '25!c',
  ES: '4!n4!n1!n1!n10!n',
  FI: '6!n7!n1!n',
  FK: '14!c',
  FO: '4!n9!n1!n',
  FR: '5!n5!n11!c2!n',
  GB: '4!a6!n8!n',
  GE: '2!a16!n',
  GI: '4!a15!c',
  GL: '4!n9!n1!n',
  GR: '3!n4!n16!c',
  GT: '4!c20!c',
  HN: '24!c',
  HR: '7!n10!n',
  HU: '3!n4!n1!n15!n1!n',
  IE: '4!a6!n8!n',
  IL: '3!n3!n13!n',
  IQ: '19!c',
  IS: '4!n2!n6!n10!n',
  IT: '1!a5!n5!n12!c',
  JO: '4!a4!n18!c',
  KW: '4!a22!c',
  KZ: '3!n13!c',
  LB: '4!n20!c',
  LC: '4!a24!c',
  LI: '5!n12!c',
  LT: '5!n11!n',
  LU: '3!n13!c',
  LV: '4!a13!c',
  LY: '21!c',
  MC: '5!n5!n11!c2!n',
  MD: '2!c18!c',
  ME: '3!n13!n2!n',
  MK: '3!n10!c2!n',
  MN: '16!c',
  MR: '5!n5!n11!n2!n',
  MT: '4!a5!n18!c',
  MU: '4!a2!n2!n12!n3!n3!a',
  NI: '24!c',
  NL: '4!a10!n',
  NO: '4!n6!n1!n',
  OM: '19!c',
  PK: '4!a16!c',
  PL: '8!n16!n',
  PS: '4!a21!c',
  PT: '4!n4!n11!n2!n',
  QA: '4!a21!c',
  RO: '4!a16!c',
  RS: '3!n13!n2!n',
  RU: '29!c',
  SA: '2!n18!c',
  SC: '27!c',
  SD: '14!c',
  SE: '3!n16!n1!n',
  SI: '5!n8!n2!n',
  SK: '4!n6!n10!n',
  SM: '1!a5!n5!n12!c',
  SO: '19!c',
  ST: '8!n11!n2!n',
  SV: '24!c',
  TL: '3!n14!n2!n',
  TN: '2!n3!n13!n2!n',
  TR: '5!n1!n16!c',
  UA: '6!n19!c',
  VA: '3!n15!n',
  VG: '4!a16!n',
  XK: '4!n10!n2!n',
  YE: '26!c',
};

interface CountryRule {
  length: number;
  bban: RegExp;
}

const CHARACTER_CLASSES: Readonly<Record<string, string>> = { n: '\\d', a: '[A-Z]', c: '[A-Z0-9]' };

function compileRule(structure: string): CountryRule {
  let pattern = '';
  let bbanLength = 0;
  for (const [, count, kind] of structure.matchAll(/(\d+)!([nac])/g)) {
    pattern += `${CHARACTER_CLASSES[kind ?? 'c']}{${count}}`;
    bbanLength += Number(count);
  }
  return { length: bbanLength + 4, bban: new RegExp(`^${pattern}$`) };
}

const COUNTRY_RULES: ReadonlyMap<string, CountryRule> = new Map(
  Object.entries(BBAN_STRUCTURES).map(([country, structure]) => [country, compileRule(structure)]),
);

/** Countries that issue IBANs, with the total IBAN length for each. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  [...COUNTRY_RULES].map(([country, rule]) => [country, rule.length]),
);

/** National check digits inside the BBAN, for the countries where we know them. */
const NATIONAL_CHECKS: Readonly<Record<string, (bban: string) => boolean>> = {
  NO: (bban) => validateAccountNumber(bban).valid,
};

/** Without the spaces, dots and dashes IBANs are written with ("NO93 8601.1117-947"), in upper case. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/** Groups of four: "NO93 8601 1117 947". */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}

function checkDigitsFor(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
}

/**
 * IBAN: a known country, that country's length and BBAN structure, ISO 7064 MOD 97-10 check digits, and
 * the national check digit where we know it (Norwegian account numbers).
 */
export function validateIban(input: string): IbanValidationResult {
  const normalized = normalizeIban(String(input ?? ''));
  if (normalized.length === 0) return { valid: false, reason: 'EMPTY' };
  if (!/^[A-Z0-9]+$/.test(normalized)) return { valid: false, normalized, reason: 'NOT_ALPHANUMERIC' };
  const country = normalized.slice(0, 2);
  const rule = COUNTRY_RULES.get(country);
  if (rule === undefined) return { valid: false, normalized, reason: 'COUNTRY' };
  if (normalized.length !== rule.length) return { valid: false, normalized, country, reason: 'LENGTH' };
  const bban = normalized.slice(4);
  const checkDigits = normalized.slice(2, 4);
  // 00, 01 and 99 can never come out of the check digit computation.
  if (!/^\d{2}$/.test(checkDigits) || checkDigits < '02' || checkDigits > '98' || !rule.bban.test(bban)) {
    return { valid: false, normalized, country, reason: 'FORMAT' };
  }
  if (mod97(`${bban}${normalized.slice(0, 4)}`) !== 1) {
    return { valid: false, normalized, country, reason: 'CHECKSUM' };
  }
  const nationalCheck = NATIONAL_CHECKS[country];
  if (nationalCheck && !nationalCheck(bban)) {
    return { valid: false, normalized, country, reason: 'NATIONAL_CHECKSUM' };
  }
  return { valid: true, normalized, formatted: formatIban(normalized), country, bban };
}

export function isValidIban(input: string): boolean {
  return validateIban(input).valid;
}

/** Builds the IBAN for a domestic account: `bbanToIban('NO', '8601 11 17947')` is "NO9386011117947". */
export function bbanToIban(country: string, bban: string): string {
  const countryCode = String(country ?? '')
    .trim()
    .toUpperCase();
  const compactBban = String(bban ?? '')
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  const rule = COUNTRY_RULES.get(countryCode);
  if (rule === undefined) {
    throw new DomainError('INVALID_IBAN', `No IBAN is issued for country "${country}"`, { country });
  }
  if (!rule.bban.test(compactBban)) {
    throw new DomainError('INVALID_BBAN', `"${bban}" is not a domestic account number of ${countryCode}`, {
      country: countryCode,
      bban,
    });
  }
  const nationalCheck = NATIONAL_CHECKS[countryCode];
  if (nationalCheck && !nationalCheck(compactBban)) {
    throw new DomainError('INVALID_BBAN', `"${bban}" has a wrong check digit`, {
      country: countryCode,
      bban,
    });
  }
  return `${countryCode}${checkDigitsFor(countryCode, compactBban)}${compactBban}`;
}

/** The domestic account number inside a valid IBAN ("NO9386011117947" gives "86011117947"). */
export function ibanToBban(iban: string): string {
  const result = validateIban(iban);
  if (!result.valid || result.bban === undefined) {
    throw new DomainError('INVALID_IBAN', `Not a valid IBAN: "${iban}" (${result.reason ?? 'invalid'})`, {
      iban,
      reason: result.reason,
    });
  }
  return result.bban;
}
