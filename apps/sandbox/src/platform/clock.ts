import { addDays } from '@bilag/domain';

/**
 * The sandbox's sense of today. Tests and demos move it forward to see consents expire and
 * accounts grow, without waiting; everything in the sandbox reads the time from here.
 */
export type Clock = {
  now(): Date;
  /**
   * Today's date in Oslo moved by the offset in calendar days, so a date so many days ahead is the
   * same whatever the hour and whether summer time begins or ends between.
   */
  today(): string;
  /** Days added to the machine's time. */
  offsetDays(): number;
  setOffsetDays(days: number): void;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function createClock(initialOffsetDays = 0): Clock {
  let offset = initialOffsetDays;
  return {
    now: () => new Date(Date.now() + offset * DAY_MS),
    today: () => addDays(osloDate(new Date()), offset),
    offsetDays: () => offset,
    setOffsetDays: (days) => {
      offset = days;
    },
  };
}

/** The calendar date (Europe/Oslo, as Norwegian banks book) of an instant, as YYYY-MM-DD. */
export function osloDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(instant);
}
