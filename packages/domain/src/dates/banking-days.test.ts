import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBankingDays,
  availableDueDates,
  easterSunday,
  isBankingDayFor,
  isNorwegianBankingDay,
  isWeekend,
  nextBankingDay,
  norwegianBankHolidayOn,
  norwegianBankHolidays,
  settlementLeadDays,
  targetHolidays,
} from './banking-days';
import { addDays, fromEpochDay, toEpochDay } from './norwegian-dates';

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('puts Easter %i on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('always falls on a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const easter = easterSunday(year);
        expect(isWeekend(easter) && !isWeekend(addDays(easter, 1))).toBe(true);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
    );
  });
});

describe('norwegianBankHolidays', () => {
  it('lists every day the Norwegian clearing is closed in 2026, besides weekends', () => {
    expect(norwegianBankHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'New Year' },
      { date: '2026-04-02', name: 'Maundy Thursday' },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-05', name: 'Easter Sunday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-01', name: 'Labour Day' },
      { date: '2026-05-14', name: 'Ascension Day' },
      { date: '2026-05-17', name: 'Constitution Day' },
      { date: '2026-05-24', name: 'Whit Sunday' },
      { date: '2026-05-25', name: 'Whit Monday' },
      { date: '2026-12-24', name: 'Christmas Eve' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
      { date: '2026-12-31', name: "New Year's Eve" },
    ]);
  });

  it('lists every day the Norwegian clearing is closed in 2027, when Whit Monday is Constitution Day', () => {
    expect(norwegianBankHolidays(2027).map((holiday) => holiday.date)).toEqual([
      '2027-01-01',
      '2027-03-25',
      '2027-03-26',
      '2027-03-28',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-16',
      '2027-05-17',
      '2027-05-17',
      '2027-12-24',
      '2027-12-25',
      '2027-12-26',
      '2027-12-31',
    ]);
    expect(norwegianBankHolidays(2027).filter((holiday) => holiday.date === '2027-05-17')).toEqual([
      { date: '2027-05-17', name: 'Constitution Day' },
      { date: '2027-05-17', name: 'Whit Monday' },
    ]);
  });

  it('names the holiday of a date and nothing on an ordinary day', () => {
    expect(norwegianBankHolidayOn('2026-04-02')).toBe('Maundy Thursday');
    expect(norwegianBankHolidayOn('2026-12-24')).toBe('Christmas Eve');
    expect(norwegianBankHolidayOn('2026-04-07')).toBeUndefined();
  });
});

describe('isNorwegianBankingDay', () => {
  it('closes on Saturdays and Sundays', () => {
    expect(isNorwegianBankingDay('2026-03-07')).toBe(false);
    expect(isNorwegianBankingDay('2026-03-08')).toBe(false);
    expect(isNorwegianBankingDay('2026-03-06')).toBe(true);
    expect(isNorwegianBankingDay('2026-03-09')).toBe(true);
  });

  it('closes on every bank holiday of 2026 and 2027 and opens on the working days around Easter', () => {
    for (const year of [2026, 2027])
      for (const holiday of norwegianBankHolidays(year))
        expect(isNorwegianBankingDay(holiday.date), holiday.date).toBe(false);
    expect(isNorwegianBankingDay('2026-04-01')).toBe(true);
    expect(isNorwegianBankingDay('2026-04-07')).toBe(true);
    expect(isNorwegianBankingDay('2027-03-24')).toBe(true);
    expect(isNorwegianBankingDay('2027-03-30')).toBe(true);
  });

  it('counts 251 banking days in 2026 (261 weekdays less 10 holidays on them)', () => {
    const days = Array.from({ length: 365 }, (_, index) => addDays('2026-01-01', index));
    expect(days.filter((day) => isNorwegianBankingDay(day))).toHaveLength(251);
  });
});

describe('isBankingDayFor', () => {
  it('knows the TARGET2 closing days of the euro', () => {
    expect(targetHolidays(2026).map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('needs both the Norwegian clearing and TARGET2 open for a euro payment', () => {
    expect(isBankingDayFor('2026-04-03', 'EUR')).toBe(false);
    expect(isBankingDayFor('2026-04-06', 'EUR')).toBe(false);
    // Open in TARGET2, closed in Norway: the paying bank cannot send it.
    expect(isBankingDayFor('2026-04-02', 'EUR')).toBe(false);
    expect(isBankingDayFor('2026-05-14', 'EUR')).toBe(false);
    expect(isBankingDayFor('2026-04-07', 'EUR')).toBe(true);
  });

  it('follows the Norwegian calendar for other currencies', () => {
    expect(isBankingDayFor('2026-04-02', 'NOK')).toBe(false);
    expect(isBankingDayFor('2026-04-02', 'USD')).toBe(false);
    expect(isBankingDayFor('2026-04-07', 'USD')).toBe(true);
    expect(isBankingDayFor('2026-03-07', 'SEK')).toBe(false);
  });
});

describe('nextBankingDay', () => {
  it('keeps a banking day as it is', () => {
    expect(nextBankingDay('2026-04-01')).toBe('2026-04-01');
  });

  it('moves a weekend to the Monday', () => {
    expect(nextBankingDay('2026-03-07')).toBe('2026-03-09');
    expect(nextBankingDay('2026-03-08')).toBe('2026-03-09');
  });

  it('moves over the whole of Easter to the Tuesday after', () => {
    for (const day of ['2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06'])
      expect(nextBankingDay(day), day).toBe('2026-04-07');
    expect(nextBankingDay('2027-03-25')).toBe('2027-03-30');
  });

  it('moves over Christmas and New Year', () => {
    expect(nextBankingDay('2026-12-24')).toBe('2026-12-28');
    expect(nextBankingDay('2026-12-31')).toBe('2027-01-04');
    expect(nextBankingDay('2027-12-24')).toBe('2027-12-27');
    expect(nextBankingDay('2027-12-31')).toBe('2028-01-03');
  });

  it('always gives a banking day on or after the date, with no banking day skipped', () => {
    const dates = fc
      .integer({ min: toEpochDay('2000-01-01'), max: toEpochDay('2100-12-31') })
      .map((day) => fromEpochDay(day));
    fc.assert(
      fc.property(dates, fc.constantFrom('NOK', 'EUR', 'USD'), (date, currency) => {
        const next = nextBankingDay(date, currency);
        expect(next >= date && isBankingDayFor(next, currency)).toBe(true);
        for (let day = date; day < next; day = addDays(day, 1))
          expect(isBankingDayFor(day, currency)).toBe(false);
      }),
    );
  });
});

describe('addBankingDays', () => {
  it('counts banking days only', () => {
    expect(addBankingDays('2026-04-01', 0)).toBe('2026-04-01');
    expect(addBankingDays('2026-04-01', 1)).toBe('2026-04-07');
    expect(addBankingDays('2026-04-01', 2)).toBe('2026-04-08');
    expect(addBankingDays('2026-03-06', 1)).toBe('2026-03-09');
  });

  it('starts from the next banking day when the date is closed', () => {
    expect(addBankingDays('2026-03-07', 0)).toBe('2026-03-09');
    expect(addBankingDays('2026-03-07', 1)).toBe('2026-03-10');
  });
});

describe('availableDueDates', () => {
  it('offers a domestic payment today and the banking days after it', () => {
    expect(
      availableDueDates({ today: '2026-04-01', currency: 'NOK', isInternational: false, count: 4 }),
    ).toEqual(['2026-04-01', '2026-04-07', '2026-04-08', '2026-04-09']);
  });

  it('starts a euro payment abroad one banking day later, and other currencies two (spot)', () => {
    expect(settlementLeadDays('NOK', false)).toBe(0);
    expect(settlementLeadDays('EUR', true)).toBe(1);
    expect(settlementLeadDays('USD', true)).toBe(2);
    expect(
      availableDueDates({ today: '2026-04-01', currency: 'EUR', isInternational: true, count: 2 }),
    ).toEqual(['2026-04-07', '2026-04-08']);
    expect(
      availableDueDates({ today: '2026-04-01', currency: 'USD', isInternational: true, count: 2 }),
    ).toEqual(['2026-04-08', '2026-04-09']);
  });

  it('skips Christmas and New Year, and offers from Monday when asked on a Saturday', () => {
    expect(
      availableDueDates({ today: '2026-12-23', currency: 'NOK', isInternational: false, count: 3 }),
    ).toEqual(['2026-12-23', '2026-12-28', '2026-12-29']);
    expect(
      availableDueDates({ today: '2026-12-30', currency: 'NOK', isInternational: false, count: 2 }),
    ).toEqual(['2026-12-30', '2027-01-04']);
    expect(
      availableDueDates({ today: '2026-03-07', currency: 'NOK', isInternational: false, count: 1 }),
    ).toEqual(['2026-03-09']);
  });

  it('gives as many dates as asked, ascending and all banking days', () => {
    const dates = availableDueDates({
      today: '2026-12-01',
      currency: 'EUR',
      isInternational: true,
      count: 40,
    });
    expect(dates).toHaveLength(40);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(40);
    expect(dates.every((date) => isBankingDayFor(date, 'EUR'))).toBe(true);
  });
});
