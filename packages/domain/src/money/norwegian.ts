import { DomainError } from '../errors';
import { type Ore, ore } from './ore';

export type DecimalSeparator = ',' | '.';

export interface AmountFormat {
  /**
   * The decimal separator the source is known to use. Without it, the parser accepts both conventions
   * and refuses input it cannot read unambiguously ("3.000", "-1,000").
   */
  decimal?: DecimalSeparator;
}

/** Spaces people and banks put between digit groups: space, no-break, figure, thin and narrow no-break space. */
const GROUP_SPACES = /[ \u00A0\u2007\u2009\u202F]/g;
const CURRENCY_MARKERS = /^(?:kr\.?|nok)\s*|\s*(?:kr\.?|nok)$/gi;
/** The common shapes ("-348,56", "1234.50", "200") that need none of the slow path's care. */
const SIMPLE_AMOUNT = /^(-?)(\d{1,15})(?:([.,])(\d{1,2}))?$/;
/** The same with the whole kroner in groups of three split by plain spaces, as banks export them ("1 234,56"). */
const SPACE_GROUPED_AMOUNT = /^(-?)(\d{1,3}(?: \d{3})+)(?:([.,])(\d{1,2}))?$/;
const MAX_SAFE_DIGITS = 15;

function invalid(text: string, reason: string): DomainError {
  return new DomainError('INVALID_AMOUNT', `Not an amount: "${text}" (${reason})`, { text, reason });
}

function ambiguous(text: string): DomainError {
  return new DomainError(
    'AMBIGUOUS_AMOUNT',
    `"${text}" can be read both as a whole number with a thousands separator and as a decimal number; state the decimal separator`,
    { text },
  );
}

function toOre(sign: number, integerDigits: string, fractionDigits: string, text: string): Ore {
  const whole = integerDigits.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_SAFE_DIGITS) throw invalid(text, 'too large');
  // Fractions beyond øre are cut, not rounded: the amount a person typed is never increased.
  const cents = `${fractionDigits}00`.slice(0, 2);
  const magnitude = Number(whole || '0') * 100 + Number(cents);
  if (!Number.isSafeInteger(magnitude)) throw invalid(text, 'too large');
  return ore(sign < 0 && magnitude !== 0 ? -magnitude : magnitude);
}

interface SignedBody {
  sign: number;
  body: string;
}

function withoutCurrency(text: string): string {
  return text.trim().replace(CURRENCY_MARKERS, '').trim();
}

/** Takes off currency words, sign markers and brackets, leaving digits and separators. */
function splitSign(text: string): SignedBody {
  let body = withoutCurrency(text);
  let negativeMarks = 0;
  if (body.startsWith('(') && body.endsWith(')')) {
    negativeMarks += 1;
    body = withoutCurrency(body.slice(1, -1));
  }
  // "100,-" is how prices in whole kroner are written; the dash is not a minus sign.
  const wholeKroner = /[.,]-$/.test(body);
  if (wholeKroner) body = body.slice(0, -2);
  const first = body.charAt(0);
  if (first === '-' || first === '\u2212' || first === '+') {
    if (first !== '+') negativeMarks += 1;
    body = withoutCurrency(body.slice(1));
  } else if (!wholeKroner && (body.endsWith('-') || body.endsWith('\u2212'))) {
    negativeMarks += 1;
    body = withoutCurrency(body.slice(0, -1));
  }
  if (negativeMarks > 1) throw invalid(text, 'more than one minus sign');
  return { sign: negativeMarks === 1 ? -1 : 1, body };
}

function isGrouped(groups: readonly string[]): boolean {
  const [head, ...rest] = groups;
  if (head === undefined || !/^\d{1,3}$/.test(head)) return false;
  return rest.every((group) => /^\d{3}$/.test(group));
}

function parseBody(text: string, sign: number, body: string, decimal: DecimalSeparator | undefined): Ore {
  if (body.length === 0) throw invalid(text, 'no digits');
  if (/[^\d.,\s\u00A0\u2007\u2009\u202F]/.test(body)) throw invalid(text, 'unexpected characters');

  const usesSpaceGroups = /[\s\u00A0\u2007\u2009\u202F]/.test(body);
  const spaceGroups = body.split(GROUP_SPACES);
  const compact = spaceGroups.join('');
  const commaCount = compact.split(',').length - 1;
  const dotCount = compact.split('.').length - 1;

  let groupSeparator: string | undefined;
  let decimalSeparator: string | undefined;

  if (commaCount > 0 && dotCount > 0) {
    const last = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
    if ((last === ',' ? commaCount : dotCount) > 1) throw invalid(text, 'more than one decimal separator');
    if (decimal !== undefined && decimal !== last)
      throw invalid(text, `expected "${decimal}" as decimal separator`);
    decimalSeparator = last;
    groupSeparator = last === ',' ? '.' : ',';
    if (usesSpaceGroups) throw invalid(text, 'mixed thousands separators');
  } else if (commaCount + dotCount > 0) {
    const separator = commaCount > 0 ? ',' : '.';
    const count = commaCount + dotCount;
    if (decimal !== undefined) {
      if (separator === decimal) {
        if (count > 1) throw invalid(text, 'more than one decimal separator');
        decimalSeparator = separator;
      } else {
        if (usesSpaceGroups) throw invalid(text, 'mixed thousands separators');
        groupSeparator = separator;
      }
    } else if (count > 1) {
      if (usesSpaceGroups) throw invalid(text, 'mixed thousands separators');
      groupSeparator = separator;
    } else {
      const [before = '', after = ''] = compact.split(separator);
      const couldBeGroup = after.length === 3 && /^[1-9]\d{0,2}$/.test(before) && !usesSpaceGroups;
      if (couldBeGroup) throw ambiguous(text);
      decimalSeparator = separator;
    }
  }

  let integerPart = compact;
  let fractionPart = '';
  if (decimalSeparator !== undefined) {
    const at = compact.lastIndexOf(decimalSeparator);
    integerPart = compact.slice(0, at);
    fractionPart = compact.slice(at + 1);
    if (!/^\d*$/.test(fractionPart)) throw invalid(text, 'misplaced separator');
  }

  if (groupSeparator !== undefined) {
    if (!isGrouped(integerPart.split(groupSeparator))) throw invalid(text, 'digits not grouped by three');
    integerPart = integerPart.split(groupSeparator).join('');
  }
  if (usesSpaceGroups) {
    const integerWithSpaces =
      decimalSeparator === undefined ? body : body.slice(0, body.lastIndexOf(decimalSeparator));
    if (!isGrouped(integerWithSpaces.trim().split(GROUP_SPACES))) {
      throw invalid(text, 'digits not grouped by three');
    }
  }
  if (!/^\d*$/.test(integerPart)) throw invalid(text, 'misplaced separator');
  if (integerPart.length === 0 && fractionPart.length === 0) throw invalid(text, 'no digits');
  return toOre(sign, integerPart, fractionPart, text);
}

/**
 * Reads an amount the way Norwegians and Norwegian bank files write it: "1 234,50", "1.234,50",
 * "1234.50", "-1 234,50", "1 234,50-", "kr 100,-", "(250,00)", "NOK 99.90".
 *
 * Without a known decimal separator, input such as "3.000" or "-1,000" is refused with
 * AMBIGUOUS_AMOUNT rather than guessed; pass `{ decimal }` when the source's convention is known.
 * More than two decimals are cut to øre.
 */
export function parseAmount(text: string, format: AmountFormat = {}): Ore {
  if (typeof text !== 'string') throw invalid(String(text), 'not text');
  const simple = SIMPLE_AMOUNT.exec(text) ?? SPACE_GROUPED_AMOUNT.exec(text);
  if (simple && (simple[3] === undefined || format.decimal === undefined || simple[3] === format.decimal)) {
    return toOre(simple[1] === '-' ? -1 : 1, (simple[2] ?? '').replaceAll(' ', ''), simple[4] ?? '', text);
  }
  const { sign, body } = splitSign(text);
  return parseBody(text, sign, body, format.decimal);
}

/** {@link parseAmount} that answers `undefined` instead of throwing. */
export function tryParseAmount(text: string, format: AmountFormat = {}): Ore | undefined {
  try {
    return parseAmount(text, format);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

export interface FormatAmountOptions {
  /** Between groups of three digits; a plain space by default, U+00A0 keeps the number on one line. */
  groupSeparator?: string;
}

/** "1 234,50", "-1 234,50", "0,05": space between thousands, comma before øre. */
export function formatAmount(amount: Ore, options: FormatAmountOptions = {}): string {
  if (!Number.isSafeInteger(amount)) {
    throw new DomainError('INVALID_AMOUNT', `Amount in øre must be a safe integer, got ${amount}`, {
      value: amount,
    });
  }
  const groupSeparator = options.groupSeparator ?? ' ';
  const digits = String(Math.abs(amount)).padStart(3, '0');
  const kroner = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${amount < 0 ? '-' : ''}${kroner},${digits.slice(-2)}`;
}

/** What a positive-amount input field lets through: digits, dot, comma and space. */
export function filterPositiveAmountInput(text: string): string {
  return text.replace(/[^\d., ]/g, '');
}

/** Removes letters of any script, so "kr 1 234,50 NOK" becomes " 1 234,50 ". */
export function stripLetters(text: string): string {
  return text.replace(/\p{L}/gu, '');
}
