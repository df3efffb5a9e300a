/** Reading values the way the published rules compare them: decimals, dates and identifier checksums. */

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The value of a decimal as written, undefined when the text is not a decimal. */
export function decimalValue(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  return Number(text);
}

/**
 * Hundredths of a decimal rounded half away from zero, computed from the digits so that amounts with two
 * decimals compare exactly, as the rules' `round(x * 100) div 100` does.
 */
export function hundredths(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let magnitude = Number(match[2] || '0') * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) magnitude += 1;
  return match[1] === '-' ? -magnitude : magnitude;
}

/** Number of digits after the decimal point as written. */
export function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Hundredths as a decimal string, e.g. 123456 → "1234.56". */
export function formatHundredths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day of the calendar (PEPPOL-EN16931-F001). */
export function isIsoDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

function digitAt(text: string, index: number): number {
  return text.charCodeAt(index) - 48;
}

/** GS1 check digit (GLN, scheme 0088): weights 3 and 1 from the right, excluding the check digit. */
export function hasValidGs1CheckDigit(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  let sum = 0;
  for (let index = value.length - 2, position = 0; index >= 0; index--, position++) {
    sum += digitAt(value, index) * (position % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === digitAt(value, value.length - 1);
}

/** MOD11 with weights 2..7 repeating from the right, as for Norwegian organisation numbers (0192). */
export function hasValidMod11CheckDigit(value: string): boolean {
  if (!/^\d{2,}$/.test(value) || Number(value) === 0) return false;
  let sum = 0;
  for (let index = value.length - 2, position = 0; index >= 0; index--, position++) {
    sum += digitAt(value, index) * ((position % 6) + 2);
  }
  return (11 - (sum % 11)) % 11 === digitAt(value, value.length - 1);
}

/** Belgian enterprise number (0208): the last two digits are 97 − (first eight mod 97). */
export function hasValidBelgianCheckDigits(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Swedish organisation number (0007): ten digits, the last a Luhn check digit over the first nine. */
export function hasValidSwedishCheckDigit(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let index = 8, position = 1; index >= 0; index--, position++) {
    const digit = digitAt(value, index);
    const weighted = position % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10 === digitAt(value, 9);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Australian Business Number (0151): eleven digits, weighted sum after subtracting 1 from the first is 0 mod 89. */
export function hasValidAbn(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 11; index++) {
    const digit = digitAt(value, index) - (index === 0 ? 1 : 0);
    sum += digit * (ABN_WEIGHTS[index] ?? 0);
  }
  return sum % 89 === 0;
}

/** taxable × percent / 100 in minor units, rounded half away from zero, exact for any decimal percent. */
export function taxForRate(taxable: number, percent: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percent.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const scaledPercent = BigInt(`${match[1]}${fraction}`);
  const divisor = 100n * 10n ** BigInt(fraction.length);
  const product = BigInt(taxable) * scaledPercent;
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return Number(product < 0n ? -rounded : rounded);
}
