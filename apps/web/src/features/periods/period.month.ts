import { PeriodMonth } from '@bilag/contracts';
import { daysInMonth, isoDateParts } from '@bilag/domain/dates/norwegian-dates';

/** The first and last year a month of the books may fall in (the contract's `PeriodMonth`). */
export const FIRST_PERIOD_YEAR = 1970;
export const LAST_PERIOD_YEAR = 2999;

function pad(month: number): string {
  return String(month).padStart(2, '0');
}

/** `YYYY-MM` of a year and a month 1–12. */
export function periodMonth(year: number, month: number): PeriodMonth {
  return `${year}-${pad(month)}`;
}

export function monthParts(month: PeriodMonth): { year: number; month: number } {
  const [year = '', monthNumber = ''] = month.split('-');
  return { year: Number(year), month: Number(monthNumber) };
}

/** The address's month, when it is one. */
export function readPeriodMonth(value: string | undefined): PeriodMonth | undefined {
  return PeriodMonth.safeParse(value).data;
}

/** The twelve months of a year, January first. */
export function monthsOfYear(year: number): PeriodMonth[] {
  return Array.from({ length: 12 }, (_, index) => periodMonth(year, index + 1));
}

/** The month a calendar date (`YYYY-MM-DD`) falls in. */
export function monthOfDate(date: string): PeriodMonth {
  const { year, month } = isoDateParts(date);
  return periodMonth(year, month);
}

export function addMonths(month: PeriodMonth, count: number): PeriodMonth {
  const parts = monthParts(month);
  const index = parts.year * 12 + (parts.month - 1) + count;
  return periodMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** The last month that has ended by `today`: the month before today's. */
export function lastEndedMonth(today: string): PeriodMonth {
  return addMonths(monthOfDate(today), -1);
}

export function monthDays(month: PeriodMonth): { firstDay: string; lastDay: string } {
  const { year, month: monthNumber } = monthParts(month);
  return {
    firstDay: `${month}-01`,
    lastDay: `${month}-${pad(daysInMonth(year, monthNumber))}`,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** "March 2025" or "mars 2025", as it reads inside a sentence. */
export function monthInSentence(month: PeriodMonth, locale: string): string {
  const { year, month: monthNumber } = monthParts(month);
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "March 2025" or "Mars 2025": capitalised, since it starts a heading or a cell. */
export function monthLabel(month: PeriodMonth, locale: string): string {
  return capitalize(monthInSentence(month, locale));
}

/** "March" or "Mars", for a list of one year's months. */
export function monthName(month: PeriodMonth, locale: string): string {
  const { year, month: monthNumber } = monthParts(month);
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return capitalize(format.format(new Date(Date.UTC(year, monthNumber - 1, 1))));
}

/** "Mar 25" or "Mar. 25", for a narrow column heading. */
export function shortMonthLabel(month: PeriodMonth, locale: string): string {
  const { year, month: monthNumber } = monthParts(month);
  const format = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return capitalize(format.format(new Date(Date.UTC(year, monthNumber - 1, 1))));
}

/** The year in the address, when it is one a month of the books can fall in. */
export function readPeriodYear(value: string | null): number | undefined {
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= FIRST_PERIOD_YEAR && year <= LAST_PERIOD_YEAR ? year : undefined;
}
