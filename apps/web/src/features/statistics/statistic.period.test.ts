import { describe, expect, it } from 'vitest';
import {
  addMonths,
  adjustPeriod,
  currentMonth,
  monthCount,
  presetOf,
  presetPeriod,
  readPeriod,
  readVatYear,
  writePeriod,
} from './statistic.period';

describe('the period of a statistic', () => {
  it('counts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 14)).toBe('2027-01');
    expect(monthCount('2025-06', '2026-05')).toBe(12);
    expect(currentMonth('2026-03-31')).toBe('2026-03');
  });

  it('offers this year up to this month, last year whole, and the last twelve months as the server’s default', () => {
    expect(presetPeriod('thisYear', '2026-05')).toEqual({ from: '2026-01', to: '2026-05' });
    expect(presetPeriod('lastYear', '2026-05')).toEqual({ from: '2025-01', to: '2025-12' });
    expect(presetPeriod('last12Months', '2026-05')).toEqual({});
    expect(presetOf({ from: '2025-01', to: '2025-12' }, '2026-05')).toBe('lastYear');
    expect(presetOf({}, '2026-05')).toBe('last12Months');
    expect(presetOf({ from: '2025-02', to: '2025-12' }, '2026-05')).toBeUndefined();
  });

  it('moves the other end along when one end passes it, and cuts a span longer than five years', () => {
    expect(adjustPeriod('2026-04', '2026-02', 'from')).toEqual({ from: '2026-04', to: '2026-04' });
    expect(adjustPeriod('2026-04', '2026-02', 'to')).toEqual({ from: '2026-02', to: '2026-02' });
    expect(adjustPeriod('2019-01', '2026-02', 'from')).toEqual({ from: '2019-01', to: '2023-12' });
    expect(adjustPeriod('2019-01', '2026-02', 'to')).toEqual({ from: '2021-03', to: '2026-02' });
  });

  it('reads the period from the address and leaves out what the server would refuse', () => {
    expect(readPeriod(new URLSearchParams('from=2025-01&to=2025-06'))).toEqual({
      from: '2025-01',
      to: '2025-06',
    });
    expect(readPeriod(new URLSearchParams('from=2025-13&to=2025-06'))).toEqual({
      from: undefined,
      to: '2025-06',
    });
    expect(readPeriod(new URLSearchParams('from=2025-06&to=2025-01'))).toEqual({});
    expect(readPeriod(new URLSearchParams('from=2010-01&to=2025-01'))).toEqual({});
  });

  it('writes the period into the address beside its other parameters', () => {
    const written = writePeriod(
      { from: '2025-01', to: undefined },
      new URLSearchParams('to=2025-03&view=table'),
    );
    expect(written.toString()).toBe('view=table&from=2025-01');
  });

  it('shows this year’s VAT unless the address names another year', () => {
    expect(readVatYear(new URLSearchParams('year=2024'), 2026)).toBe(2024);
    expect(readVatYear(new URLSearchParams('year=abc'), 2026)).toBe(2026);
    expect(readVatYear(new URLSearchParams(''), 2026)).toBe(2026);
  });
});
