import { addDays, daysInMonth, type IsoDate, toEpochDay } from '../dates/norwegian-dates';

/**
 * When a reminder or an alert digest goes out: every day, on a weekday each week, or on a day of each
 * month, at a whole hour on the clock of the company's time zone. A day of the month that a month does
 * not have (the 31st in April) falls on that month's last day.
 */
export type SendingSchedule =
  | { frequency: 'daily'; hour: number }
  | { frequency: 'weekly'; hour: number /** ISO: 1 is Monday, 7 Sunday. */; weekday: number }
  | { frequency: 'monthly'; hour: number; dayOfMonth: number };

/**
 * A time on the local clock, `YYYY-MM-DDTHH:mm`. A sending's slot is the local time it is due at, so
 * one schedule's slots compare, and are unique, as text.
 */
export type LocalDateTime = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local clock's date and time of an instant in a time zone. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

function slotOf(date: IsoDate, hour: number): LocalDateTime {
  return `${date}T${pad2(hour)}:00`;
}

/** ISO weekday of a date: 1 is Monday. 1970-01-01, epoch day 0, was a Thursday. */
export function isoWeekday(date: IsoDate): number {
  return ((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1;
}

function monthlyDate(year: number, month: number, dayOfMonth: number): IsoDate {
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The schedule's day on or before `date` (`direction` -1) or on or after it (+1). */
function scheduledDayFrom(schedule: SendingSchedule, date: IsoDate, direction: -1 | 1): IsoDate {
  switch (schedule.frequency) {
    case 'daily':
      return date;
    case 'weekly': {
      const gap = (direction * (schedule.weekday - isoWeekday(date)) + 7) % 7;
      return addDays(date, direction * gap);
    }
    case 'monthly': {
      const year = Number(date.slice(0, 4));
      const month = Number(date.slice(5, 7));
      const inMonth = monthlyDate(year, month, schedule.dayOfMonth);
      if (direction === -1 ? inMonth <= date : inMonth >= date) return inMonth;
      const other = shiftMonth(year, month, direction);
      return monthlyDate(other.year, other.month, schedule.dayOfMonth);
    }
  }
}

/** The last slot of the schedule at or before `now` (local time). */
export function latestSlot(schedule: SendingSchedule, now: LocalDateTime): LocalDateTime {
  const today = now.slice(0, 10);
  const day = scheduledDayFrom(schedule, today, -1);
  const slot = slotOf(day, schedule.hour);
  if (slot <= now) return slot;
  return slotOf(scheduledDayFrom(schedule, addDays(day, -1), -1), schedule.hour);
}

/** The first slot of the schedule after `now` (local time). */
export function nextSlot(schedule: SendingSchedule, now: LocalDateTime): LocalDateTime {
  const today = now.slice(0, 10);
  const day = scheduledDayFrom(schedule, today, 1);
  const slot = slotOf(day, schedule.hour);
  if (slot > now) return slot;
  return slotOf(scheduledDayFrom(schedule, addDays(day, 1), 1), schedule.hour);
}

/**
 * The slot to send now, if any: the last one that has come, provided the schedule was already in force
 * then (a schedule set at 08:30 does not send the 08:00 it has just missed) and it is not older than
 * `makeUpHours` (a run missed while no server ran is made up within that time, not days later).
 */
export function dueSlot(
  schedule: SendingSchedule,
  options: { now: Date; inForceSince: Date; timeZone: string; makeUpHours: number },
): LocalDateTime | undefined {
  const now = localDateTime(options.now, options.timeZone);
  const slot = latestSlot(schedule, now);
  const inForceSince = localDateTime(options.inForceSince, options.timeZone);
  const earliest = localDateTime(
    new Date(options.now.getTime() - options.makeUpHours * 3_600_000),
    options.timeZone,
  );
  return slot >= inForceSince && slot >= earliest ? slot : undefined;
}
