import { PeriodMonth, STATISTIC_LIMITS } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { useSearchParams } from 'react-router';
import type { StatisticPeriod } from './statistic.queries';

function pad(month: number): string {
  return String(month).padStart(2, '0');
}

export function periodMonth(year: number, month: number): PeriodMonth {
  return `${year}-${pad(month)}`;
}

export function monthParts(month: PeriodMonth): { year: number; month: number } {
  const [year = '', monthNumber = ''] = month.split('-');
  return { year: Number(year), month: Number(monthNumber) };
}

export function addMonths(month: PeriodMonth, count: number): PeriodMonth {
  const parts = monthParts(month);
  const index = parts.year * 12 + (parts.month - 1) + count;
  return periodMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** How many months from `from` to `to`, both included. */
export function monthCount(from: PeriodMonth, to: PeriodMonth): number {
  const first = monthParts(from);
  const last = monthParts(to);
  return (last.year - first.year) * 12 + (last.month - first.month) + 1;
}

/** This month, counted in Norway as the server counts the statistics' months. */
export function currentMonth(today: string = todayIsoDate()): PeriodMonth {
  return today.slice(0, 7);
}

export const PERIOD_PRESETS = ['thisYear', 'last12Months', 'lastYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/**
 * The span a preset stands for. The last twelve months are the server's own default, so that preset
 * leaves both ends out and the address stays short.
 */
export function presetPeriod(preset: PeriodPreset, thisMonth: PeriodMonth): StatisticPeriod {
  const { year } = monthParts(thisMonth);
  if (preset === 'thisYear') return { from: periodMonth(year, 1), to: thisMonth };
  if (preset === 'lastYear') return { from: periodMonth(year - 1, 1), to: periodMonth(year - 1, 12) };
  return {};
}

/** The preset a period is, when it is one; a span chosen month by month is none of them. */
export function presetOf(period: StatisticPeriod, thisMonth: PeriodMonth): PeriodPreset | undefined {
  return PERIOD_PRESETS.find((preset) => {
    const candidate = presetPeriod(preset, thisMonth);
    return candidate.from === period.from && candidate.to === period.to;
  });
}

/**
 * The months offered as either end of a period: the five years of books a call may span, back from
 * this month, newest first.
 */
export function selectableMonths(
  thisMonth: PeriodMonth,
  count = STATISTIC_LIMITS.maxMonths * 2,
): PeriodMonth[] {
  return Array.from({ length: count }, (_, index) => addMonths(thisMonth, -index));
}

/**
 * A period the server accepts after one end was moved: an end past the other drags the other along, and
 * a span longer than the calls allow is cut at the far end.
 */
export function adjustPeriod(
  from: PeriodMonth,
  to: PeriodMonth,
  moved: 'from' | 'to',
): Required<StatisticPeriod> {
  if (from > to) return moved === 'from' ? { from, to: from } : { from: to, to };
  if (monthCount(from, to) <= STATISTIC_LIMITS.maxMonths) return { from, to };
  return moved === 'from'
    ? { from, to: addMonths(from, STATISTIC_LIMITS.maxMonths - 1) }
    : { from: addMonths(to, -(STATISTIC_LIMITS.maxMonths - 1)), to };
}

function readMonth(value: string | null): PeriodMonth | undefined {
  return PeriodMonth.safeParse(value ?? undefined).data;
}

/** The period of the address; an end that is not a month, or a span the server would refuse, is left out. */
export function readPeriod(params: URLSearchParams): StatisticPeriod {
  const from = readMonth(params.get('from'));
  const to = readMonth(params.get('to'));
  if (from && to && (from > to || monthCount(from, to) > STATISTIC_LIMITS.maxMonths)) return {};
  return { from, to };
}

export function writePeriod(period: StatisticPeriod, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const end of ['from', 'to'] as const) {
    const month = period[end];
    if (month) next.set(end, month);
    else next.delete(end);
  }
  return next;
}

/** The period kept in the address, so a reload, a shared link or another company shows the same months. */
export function useStatisticPeriod() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = readPeriod(searchParams);
  function onChangePeriod(next: StatisticPeriod) {
    setSearchParams((current) => writePeriod(next, current), { replace: true });
  }
  return { period, onChangePeriod };
}

/** The year of the VAT page's address, else this year. */
export function readVatYear(params: URLSearchParams, thisYear: number): number {
  const year = Number(params.get('year'));
  return Number.isInteger(year) && year >= 1970 && year <= 2999 ? year : thisYear;
}

/** The years the VAT page offers: this one and the nine before it, newest first. */
export function vatYears(thisYear: number): number[] {
  return Array.from({ length: 10 }, (_, index) => thisYear - index);
}
