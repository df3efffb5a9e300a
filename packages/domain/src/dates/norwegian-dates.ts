import { DomainError } from '../errors';

/** A calendar date without time or time zone, written 'YYYY-MM-DD'. */
export type IsoDate = string;

/** The display formats the product uses. */
export type DisplayDateFormat = 'DD.MM.YYYY' | 'YYYY-MM-DD' | 'DD-MM-YYYY HH:mm:ss';

/** The time zone dates are shown in unless a caller says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Builds 'YYYY-MM-DD', or `undefined` when no such day exists. */
export function toIsoDate(year: number, month: number, day: number): IsoDate | undefined {
  if (!isValidCalendarDate(year, month, day)) return undefined;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

function invalidDate(text: string, reason: string): DomainError {
  return new DomainError('INVALID_DATE', `Not a date: "${text}" (${reason})`, { text, reason });
}

/** Splits an ISO date, refusing anything that is not a real calendar day. */
export function isoDateParts(date: IsoDate): DateParts {
  const match = ISO_DATE.exec(String(date ?? ''));
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || !isValidCalendarDate(year, month, day))
    throw invalidDate(String(date), 'expected YYYY-MM-DD');
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  return match !== null && isValidCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Days since 1970-01-01 by the proleptic Gregorian calendar; no Date object, no time zone. */
export function toEpochDay(date: IsoDate): number {
  const { year, month, day } = isoDateParts(date);
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function fromEpochDay(epochDay: number): IsoDate {
  if (!Number.isSafeInteger(epochDay)) throw invalidDate(String(epochDay), 'not a whole day number');
  const shifted = epochDay + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const iso = toIsoDate(year, month, day);
  if (iso === undefined) throw invalidDate(String(epochDay), 'outside years 1–9999');
  return iso;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/**
 * The date of a spreadsheet serial number (days since 1899-12-30, or since 1904-01-01 in workbooks that
 * use the 1904 date system). Excel counts a 29 February 1900 that never existed; serials before it are
 * shifted back by one day to land on the real dates. The time of day is dropped.
 */
export function excelSerialToIsoDate(serial: number, date1904 = false): IsoDate {
  if (!Number.isFinite(serial) || serial < (date1904 ? 0 : 1)) {
    throw invalidDate(String(serial), 'not a spreadsheet date');
  }
  const whole = Math.floor(serial);
  if (date1904) return fromEpochDay(toEpochDay('1904-01-01') + whole);
  if (whole === 60) throw invalidDate(String(serial), '29 February 1900 does not exist');
  return fromEpochDay(toEpochDay('1899-12-30') + (whole < 60 ? whole + 1 : whole));
}

/** Today's date where the user is ('Europe/Amsterdam' by default), as 'YYYY-MM-DD'. */
export function todayIsoDate(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  const parts = zonedParts(now, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(instant: Date, timeZone: string): ZonedParts {
  let formatter = zonedFormatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      throw new DomainError('INVALID_DATE', `Unknown time zone "${timeZone}"`, { timeZone });
    }
    zonedFormatters.set(timeZone, formatter);
  }
  const values: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) values[part.type] = part.value;
  return {
    year: (values.year ?? '').padStart(4, '0'),
    month: values.month ?? '',
    day: values.day ?? '',
    hour: values.hour ?? '',
    minute: values.minute ?? '',
    second: values.second ?? '',
  };
}

/** Shows a calendar date in one of the product's formats; the time in 'DD-MM-YYYY HH:mm:ss' is midnight. */
export function formatDate(date: IsoDate, format: DisplayDateFormat = 'DD.MM.YYYY'): string {
  const { year, month, day } = isoDateParts(date);
  const dd = pad(day, 2);
  const mm = pad(month, 2);
  const yyyy = pad(year, 4);
  switch (format) {
    case 'DD.MM.YYYY':
      return `${dd}.${mm}.${yyyy}`;
    case 'YYYY-MM-DD':
      return `${yyyy}-${mm}-${dd}`;
    case 'DD-MM-YYYY HH:mm:ss':
      return `${dd}-${mm}-${yyyy} 00:00:00`;
    default:
      throw new DomainError('INVALID_DATE', `Unknown date format "${String(format)}"`, { format });
  }
}

/** Shows a point in time in one of the product's formats, on the clock of `timeZone`. */
export function formatTimestamp(
  instant: Date | string | number,
  format: DisplayDateFormat = 'DD-MM-YYYY HH:mm:ss',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const value = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(value.getTime())) throw invalidDate(String(instant), 'not a point in time');
  const parts = zonedParts(value, timeZone);
  switch (format) {
    case 'DD.MM.YYYY':
      return `${parts.day}.${parts.month}.${parts.year}`;
    case 'YYYY-MM-DD':
      return `${parts.year}-${parts.month}-${parts.day}`;
    case 'DD-MM-YYYY HH:mm:ss':
      return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
    default:
      throw new DomainError('INVALID_DATE', `Unknown date format "${String(format)}"`, { format });
  }
}

export interface DateInputOptions {
  /** The date that fills in a missing month or year and anchors two-digit years; today by default. */
  today?: IsoDate;
}

/**
 * A two-digit year is placed in the hundred years that ends 20 years after `today`, so "25" is 2025
 * and "99" is 1999 when written in 2025.
 */
export function expandTwoDigitYear(twoDigitYear: number, today: IsoDate): number {
  const { year: currentYear } = isoDateParts(today);
  const candidate = currentYear - (currentYear % 100) + twoDigitYear;
  return candidate > currentYear + 20 ? candidate - 100 : candidate;
}

function yearFrom(digits: string, today: IsoDate): number {
  return digits.length === 2 ? expandTwoDigitYear(Number(digits), today) : Number(digits);
}

const DAY_FIRST = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})$/;
const YEAR_FIRST = /^(\d{4})([./-])(\d{1,2})\2(\d{1,2})$/;

/**
 * Reads a date as Norwegians write it: day.month.year with a 2- or 4-digit year, or year.month.day,
 * separated by ".", "/" or "-" (one kind per date). "31.02.2025" and other days that do not exist are
 * refused with INVALID_DATE.
 */
export function parseNorwegianDate(text: string, options: DateInputOptions = {}): IsoDate {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const dayFirst = DAY_FIRST.exec(trimmed);
  if (dayFirst) {
    const today = options.today ?? todayIsoDate();
    const iso = toIsoDate(yearFrom(dayFirst[4] ?? '', today), Number(dayFirst[3]), Number(dayFirst[1]));
    if (iso === undefined) throw invalidDate(String(text), 'no such day');
    return iso;
  }
  const yearFirst = YEAR_FIRST.exec(trimmed);
  if (yearFirst) {
    const iso = toIsoDate(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]));
    if (iso === undefined) throw invalidDate(String(text), 'no such day');
    return iso;
  }
  throw invalidDate(String(text), 'expected DD.MM.YYYY, DD.MM.YY or YYYY-MM-DD');
}

/** {@link parseNorwegianDate} that answers `undefined` instead of throwing. */
export function tryParseNorwegianDate(text: string, options: DateInputOptions = {}): IsoDate | undefined {
  try {
    return parseNorwegianDate(text, options);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

type DigitReading = readonly [dayDigits: number, monthDigits: number, yearDigits: number];

/** How a run of typed digits splits into day, month and year, most likely reading first. */
const DIGIT_READINGS: Readonly<Record<number, readonly DigitReading[]>> = {
  1: [[1, 0, 0]],
  2: [[2, 0, 0]],
  3: [
    [2, 1, 0],
    [1, 2, 0],
  ],
  4: [[2, 2, 0]],
  5: [
    [1, 2, 2],
    [2, 1, 2],
  ],
  6: [
    [2, 2, 2],
    [1, 1, 4],
  ],
  7: [
    [1, 2, 4],
    [2, 1, 4],
  ],
  8: [[2, 2, 4]],
};

function readParts(
  dayText: string,
  monthText: string,
  yearText: string,
  today: IsoDate,
): IsoDate | undefined {
  const current = isoDateParts(today);
  const month = monthText === '' ? current.month : Number(monthText);
  const year = yearText === '' ? current.year : yearFrom(yearText, today);
  if (yearText !== '' && yearText.length !== 2 && yearText.length !== 4) return undefined;
  return toIsoDate(year, month, Number(dayText));
}

/**
 * Completes what a person typed into a date field, the way the date inputs do: eight digits are
 * DD.MM.YYYY; shorter runs are read as day, month and year with the current month and year filling in
 * what is missing ("5" is the 5th of this month, "0503" the 5th of March this year, "050325" 5 March
 * 2025). Input with separators ("5.3", "5.3.25") is completed the same way, and full dates in any
 * accepted form pass through. Answers 'YYYY-MM-DD'.
 */
export function completeDateInput(text: string, options: DateInputOptions = {}): IsoDate {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const today = options.today ?? todayIsoDate();
  isoDateParts(today);

  if (/^\d{1,8}$/.test(trimmed)) {
    for (const [dayDigits, monthDigits, yearDigits] of DIGIT_READINGS[trimmed.length] ?? []) {
      const iso = readParts(
        trimmed.slice(0, dayDigits),
        trimmed.slice(dayDigits, dayDigits + monthDigits),
        trimmed.slice(dayDigits + monthDigits, dayDigits + monthDigits + yearDigits),
        today,
      );
      if (iso !== undefined) return iso;
    }
    throw invalidDate(String(text), 'no such day');
  }

  const partial = /^(\d{1,2})(?:([./-])(\d{1,2})(?:\2(\d{2}|\d{4})?)?)?\.?$/.exec(trimmed);
  if (partial) {
    const iso = readParts(partial[1] ?? '', partial[3] ?? '', partial[4] ?? '', today);
    if (iso === undefined) throw invalidDate(String(text), 'no such day');
    return iso;
  }
  return parseNorwegianDate(trimmed, { today });
}

/** Pattern tokens for dates in files: DD/D day, MM/M month, YYYY/YY year; anything else is literal. */
export type DatePattern = string;

const PATTERN_TOKENS = /YYYY|YY|MM|M|DD|D/g;
const TOKEN_GROUPS: Readonly<Record<string, string>> = {
  YYYY: '(\\d{4})',
  YY: '(\\d{2})',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
};

export type DateReader = (text: string) => IsoDate | undefined;

function escapeLiteral(literal: string): string {
  return literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * Compiles a pattern such as 'DD.MM.YYYY' or 'D/M/YYYY' into a reader that answers the ISO date or
 * `undefined`. Reading many rows with one compiled pattern is cheap.
 */
export function compileDatePattern(pattern: DatePattern, options: DateInputOptions = {}): DateReader {
  const order: string[] = [];
  let source = '^';
  let last = 0;
  for (const match of String(pattern ?? '').matchAll(PATTERN_TOKENS)) {
    source += escapeLiteral(pattern.slice(last, match.index));
    source += TOKEN_GROUPS[match[0]] ?? '';
    order.push(match[0].charAt(0));
    last = match.index + match[0].length;
  }
  source += `${escapeLiteral(String(pattern ?? '').slice(last))}$`;
  const sorted = [...order].sort().join('');
  if (order.length !== 3 || sorted !== 'DMY') {
    throw new DomainError(
      'INVALID_DATE',
      `A date pattern needs one day, month and year token: "${pattern}"`,
      {
        pattern,
      },
    );
  }
  const expression = new RegExp(source);
  const dayGroup = order.indexOf('D') + 1;
  const monthGroup = order.indexOf('M') + 1;
  const yearGroup = order.indexOf('Y') + 1;
  const today = options.today;
  return (text) => {
    const match = expression.exec(text.trim());
    if (!match) return undefined;
    const yearText = match[yearGroup] ?? '';
    const year =
      yearText.length === 2
        ? expandTwoDigitYear(Number(yearText), today ?? todayIsoDate())
        : Number(yearText);
    return toIsoDate(year, Number(match[monthGroup]), Number(match[dayGroup]));
  };
}

/** Reads one date with a file's pattern ('DD.MM.YYYY', 'D/M/YYYY', 'YYYY-MM-DD', …). */
export function parseDateWithPattern(
  text: string,
  pattern: DatePattern,
  options: DateInputOptions = {},
): IsoDate {
  const iso = compileDatePattern(pattern, options)(String(text ?? ''));
  if (iso === undefined) throw invalidDate(String(text), `expected ${pattern}`);
  return iso;
}
