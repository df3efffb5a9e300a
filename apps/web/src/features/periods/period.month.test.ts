import { describe, expect, it } from 'vitest';
import {
  addMonths,
  lastEndedMonth,
  monthDays,
  monthInSentence,
  monthLabel,
  monthName,
  monthsOfYear,
  readPeriodMonth,
  readPeriodYear,
  shortMonthLabel,
} from './period.month';

describe('months of the books', () => {
  it('lists the twelve months of a year, January first', () => {
    const months = monthsOfYear(2025);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-01');
    expect(months[11]).toBe('2025-12');
  });

  it('steps over the turn of a year in both directions', () => {
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-03', -14)).toBe('2024-01');
  });

  it('takes the month before today’s as the last one that has ended', () => {
    expect(lastEndedMonth('2026-01-01')).toBe('2025-12');
    expect(lastEndedMonth('2025-07-31')).toBe('2025-06');
  });

  it('knows the last day of every month, February of a leap year too', () => {
    expect(monthDays('2024-02')).toEqual({ firstDay: '2024-02-01', lastDay: '2024-02-29' });
    expect(monthDays('2025-02').lastDay).toBe('2025-02-28');
    expect(monthDays('2025-04').lastDay).toBe('2025-04-30');
  });

  it('names a month in the person’s language, capitalised only to start a heading', () => {
    expect(monthLabel('2025-03', 'en')).toBe('March 2025');
    expect(monthLabel('2025-03', 'nb')).toBe('Mars 2025');
    expect(monthInSentence('2025-03', 'nb')).toBe('mars 2025');
    expect(monthName('2025-05', 'nb')).toBe('Mai');
    expect(shortMonthLabel('2025-03', 'en')).toBe('Mar 25');
  });

  it('reads only months and years the books can hold from the address', () => {
    expect(readPeriodMonth('2025-03')).toBe('2025-03');
    expect(readPeriodMonth('2025-13')).toBeUndefined();
    expect(readPeriodMonth('1969-12')).toBeUndefined();
    expect(readPeriodMonth(undefined)).toBeUndefined();
    expect(readPeriodYear('2024')).toBe(2024);
    expect(readPeriodYear('1969')).toBeUndefined();
    expect(readPeriodYear('20x4')).toBeUndefined();
    expect(readPeriodYear(null)).toBeUndefined();
  });
});
