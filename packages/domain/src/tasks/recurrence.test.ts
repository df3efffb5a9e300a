import { describe, expect, it } from 'vitest';
import { dueDatesToMake, nthDueDate, upcomingDueDates } from './recurrence';

const vatTerms = { everyMonths: 2, firstDueDate: '2026-02-10', leadDays: 14 };

describe('recurring task due dates', () => {
  it('steps by the months of the rule', () => {
    expect([0, 1, 2, 5, 6].map((n) => nthDueDate(vatTerms, n))).toEqual([
      '2026-02-10',
      '2026-04-10',
      '2026-06-10',
      '2026-12-10',
      '2027-02-10',
    ]);
  });

  it("falls on the month's last day where the month is shorter, and back on the day after", () => {
    const monthEnd = { everyMonths: 1, firstDueDate: '2027-01-31', leadDays: 0 };
    expect([0, 1, 2, 3].map((n) => nthDueDate(monthEnd, n))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(nthDueDate({ everyMonths: 12, firstDueDate: '2028-02-29', leadDays: 0 }, 1)).toBe('2029-02-28');
  });

  it('makes a task lead days before it is due, and only from the earliest date still worth making', () => {
    expect(dueDatesToMake(vatTerms, '2026-03-26', '2026-03-01')).toEqual([]);
    expect(dueDatesToMake(vatTerms, '2026-03-27', '2026-03-01')).toEqual(['2026-04-10']);
    expect(dueDatesToMake(vatTerms, '2026-06-01', '2026-03-01')).toEqual(['2026-04-10', '2026-06-10']);
    expect(dueDatesToMake(vatTerms, '2025-12-01', '2025-01-01')).toEqual([]);
  });

  it('lists the next due dates from today', () => {
    expect(upcomingDueDates(vatTerms, '2026-04-11', 2)).toEqual(['2026-06-10', '2026-08-10']);
  });
});
