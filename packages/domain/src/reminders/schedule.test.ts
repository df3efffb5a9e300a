import { describe, expect, it } from 'vitest';
import { dueSlot, isoWeekday, latestSlot, localDateTime, nextSlot } from './schedule';

const OSLO = 'Europe/Oslo';

describe('sending schedules', () => {
  it('knows the ISO weekday of a date', () => {
    expect(isoWeekday('2026-04-06')).toBe(1);
    expect(isoWeekday('2026-04-12')).toBe(7);
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-29')).toBe(1);
  });

  it('reads the clock of Oslo in winter and in summer', () => {
    expect(localDateTime(new Date('2026-01-15T07:30:00Z'), OSLO)).toBe('2026-01-15T08:30');
    expect(localDateTime(new Date('2026-07-15T22:05:00Z'), OSLO)).toBe('2026-07-16T00:05');
  });

  it('finds the last and next weekly slot around now', () => {
    const mondays = { frequency: 'weekly', weekday: 1, hour: 8 } as const;
    expect(latestSlot(mondays, '2026-04-08T10:00')).toBe('2026-04-06T08:00');
    expect(latestSlot(mondays, '2026-04-06T07:59')).toBe('2026-03-30T08:00');
    expect(latestSlot(mondays, '2026-04-06T08:00')).toBe('2026-04-06T08:00');
    expect(nextSlot(mondays, '2026-04-06T08:00')).toBe('2026-04-13T08:00');
    expect(nextSlot(mondays, '2026-04-06T07:00')).toBe('2026-04-06T08:00');
    expect(nextSlot(mondays, '2026-04-12T23:00')).toBe('2026-04-13T08:00');
  });

  it('falls on the last day of a month shorter than the day asked for', () => {
    const the31st = { frequency: 'monthly', dayOfMonth: 31, hour: 7 } as const;
    expect(latestSlot(the31st, '2026-03-15T12:00')).toBe('2026-02-28T07:00');
    expect(latestSlot(the31st, '2028-03-01T00:00')).toBe('2028-02-29T07:00');
    expect(nextSlot(the31st, '2026-04-01T00:00')).toBe('2026-04-30T07:00');
    expect(nextSlot(the31st, '2026-12-31T07:00')).toBe('2027-01-31T07:00');
    expect(latestSlot(the31st, '2026-01-31T06:59')).toBe('2025-12-31T07:00');
  });

  it('sends daily at the hour', () => {
    const daily = { frequency: 'daily', hour: 6 } as const;
    expect(latestSlot(daily, '2026-04-08T05:00')).toBe('2026-04-07T06:00');
    expect(latestSlot(daily, '2026-04-08T06:10')).toBe('2026-04-08T06:00');
    expect(nextSlot(daily, '2026-04-08T06:10')).toBe('2026-04-09T06:00');
  });

  it('sends a slot that has come while the schedule was in force, and only within the make-up time', () => {
    const mondays = { frequency: 'weekly', weekday: 1, hour: 8 } as const;
    const mondayMorning = new Date('2026-04-06T06:20:00Z'); // 08:20 in Oslo
    const options = { timeZone: OSLO, makeUpHours: 24 };
    expect(
      dueSlot(mondays, { ...options, now: mondayMorning, inForceSince: new Date('2026-04-01T10:00:00Z') }),
    ).toBe('2026-04-06T08:00');
    expect(
      dueSlot(mondays, { ...options, now: mondayMorning, inForceSince: new Date('2026-04-06T06:10:00Z') }),
    ).toBeUndefined();
    expect(
      dueSlot(mondays, {
        ...options,
        now: new Date('2026-04-07T07:00:00Z'),
        inForceSince: new Date('2026-04-01T10:00:00Z'),
      }),
    ).toBeUndefined();
  });
});
