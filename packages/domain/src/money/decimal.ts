import { DomainError } from '../errors';
import { type Ore, ore } from './ore';

/**
 * ISO 4217 minor units for the currencies that differ from the usual two decimals.
 * Amounts are kept in the smallest unit of their own currency: øre for NOK, cent for EUR, yen for JPY.
 */
const MINOR_UNITS_EXCEPTIONS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Number of decimals of the currency's minor unit (2 for NOK, EUR, SEK, USD, GBP, CHF; 0 for JPY). */
export function currencyMinorUnits(currencyCode: string): number {
  const code = currencyCode.trim().toUpperCase();
  if (!CURRENCY_CODE.test(code)) {
    throw new DomainError('INVALID_CURRENCY', `Not a currency code: "${currencyCode}"`, { currencyCode });
  }
  return MINOR_UNITS_EXCEPTIONS[code] ?? 2;
}

/** xs:decimal lexical form: optional sign, digits with an optional fraction, no exponent. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function invalidAmount(text: string, reason: string): DomainError {
  return new DomainError('INVALID_AMOUNT', `Invalid amount "${text}": ${reason}`, { text });
}

function checkedDecimals(currencyDecimals: number): number {
  if (!Number.isInteger(currencyDecimals) || currencyDecimals < 0 || currencyDecimals > 6) {
    throw new DomainError('INVALID_AMOUNT', `Unsupported number of decimals: ${currencyDecimals}`, {
      currencyDecimals,
    });
  }
  return currencyDecimals;
}

/**
 * Parses an ISO 20022 / UBL decimal string ("1234.5", "-1656.25", "2700") into integer minor units.
 * Digits are combined as text so no binary floating point rounding can creep in. More decimals than the
 * currency has are refused unless they are zeros ("8.850" is 885 øre, "8.855" is an error).
 */
export function oreFromDecimal(text: string, currencyDecimals = 2): Ore {
  const decimals = checkedDecimals(currencyDecimals);
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const match = DECIMAL.exec(trimmed);
  if (!match) throw invalidAmount(String(text), 'not a decimal number');
  const sign = match[1] ?? '';
  const integerDigits = match[2] ?? '';
  const fractionDigits = match[3] ?? '';
  if (integerDigits.length === 0 && fractionDigits.length === 0) throw invalidAmount(text, 'no digits');

  let fraction = fractionDigits;
  if (fraction.length > decimals) {
    const excess = fraction.slice(decimals);
    if (!/^0*$/.test(excess)) {
      throw invalidAmount(text, `more than ${decimals} decimal${decimals === 1 ? '' : 's'}`);
    }
    fraction = fraction.slice(0, decimals);
  }
  const digits = `${integerDigits}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 16) throw invalidAmount(text, 'too large');
  const magnitude = Number(digits);
  if (!Number.isSafeInteger(magnitude)) throw invalidAmount(text, 'too large');
  if (magnitude === 0) return ore(0);
  return ore(sign === '-' ? -magnitude : magnitude);
}

/** Formats integer minor units as a plain decimal string with the currency's decimals: "1234.50", "-0.05", "2700". */
export function oreToDecimal(amount: Ore, currency = 'NOK'): string {
  return minorUnitsToDecimal(amount, currencyMinorUnits(currency));
}

/** Same as {@link oreToDecimal} for a known number of decimals. */
export function minorUnitsToDecimal(amount: number, decimals: number): string {
  checkedDecimals(decimals);
  if (!Number.isSafeInteger(amount)) {
    throw new DomainError('INVALID_AMOUNT', `Amount is not a whole number of minor units: ${amount}`, {
      amount,
    });
  }
  const negative = amount < 0;
  const digits = String(Math.abs(amount));
  if (decimals === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(decimals + 1, '0');
  const integerPart = padded.slice(0, padded.length - decimals);
  const fractionPart = padded.slice(padded.length - decimals);
  return `${negative ? '-' : ''}${integerPart}.${fractionPart}`;
}
