import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/test-translator';
import { describeNextDueDates, describeRecurrence } from './task.recurrence';

const vatTerms = { everyMonths: 2, firstDueDate: '2026-02-10', leadDays: 14 } as const;

describe('a recurring template in words', () => {
  it('says how often, from when and how early the task is made', () => {
    expect(describeRecurrence(vatTerms, translator('en'))).toBe(
      'Every second month from 10.02.2026, made 14 days before it is due',
    );
    expect(describeRecurrence(vatTerms, translator('no'))).toBe(
      'Annenhver måned fra 10.02.2026, opprettes 14 dager før forfall',
    );
  });

  it('names each period of the rule and a task made on its due date', () => {
    const t = translator('en');
    const yearly = { everyMonths: 12, firstDueDate: '2026-05-31', leadDays: 0 } as const;
    expect(describeRecurrence(yearly, t)).toBe('Every year from 31.05.2026, made on the due date');
    const quarterly = { everyMonths: 3, firstDueDate: '2026-01-15', leadDays: 1 } as const;
    expect(describeRecurrence(quarterly, t)).toBe(
      'Every quarter from 15.01.2026, made 1 day before it is due',
    );
    const monthly = { everyMonths: 1, firstDueDate: '2026-01-15', leadDays: 1 } as const;
    expect(describeRecurrence(monthly, translator('no'))).toBe(
      'Hver måned fra 15.01.2026, opprettes 1 dag før forfall',
    );
  });

  it('lists the next three due dates from today, at the end of shorter months', () => {
    expect(describeNextDueDates(vatTerms, '2026-04-11', translator('en'))).toBe(
      'Next due: 10.06.2026, 10.08.2026, 10.10.2026',
    );
    const monthEnd = { everyMonths: 1, firstDueDate: '2027-01-31', leadDays: 0 } as const;
    expect(describeNextDueDates(monthEnd, '2027-02-01', translator('no'))).toBe(
      'Neste forfall: 28.02.2027, 31.03.2027, 30.04.2027',
    );
  });
});
