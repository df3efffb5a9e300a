import { addDays, daysInMonth } from '../dates/norwegian-dates';

/** The rule of a task made again every period: see TaskRecurrence in the contracts. */
export type Recurrence = { everyMonths: number; firstDueDate: string; leadDays: number };

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The n-th due date (0 is the first): the first due date's day, or the month's last where it is shorter. */
export function nthDueDate(recurrence: Recurrence, n: number): string {
  const [year, month, day] = recurrence.firstDueDate.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + n * recurrence.everyMonths;
  const dueYear = Math.floor(monthIndex / 12);
  const dueMonth = (monthIndex % 12) + 1;
  return isoOf(dueYear, dueMonth, Math.min(day, daysInMonth(dueYear, dueMonth)));
}

/**
 * The due dates whose task should exist on `today`: those made `leadDays` before they fall due, from
 * `since` on (the earliest due date still worth making: a missed run makes up only recent periods).
 */
export function dueDatesToMake(recurrence: Recurrence, today: string, since: string): string[] {
  const horizon = addDays(today, recurrence.leadDays);
  const dates: string[] = [];
  for (let n = 0; n < 10_000; n += 1) {
    const due = nthDueDate(recurrence, n);
    if (due > horizon) break;
    if (due >= since) dates.push(due);
  }
  return dates;
}

/** The next due dates from `today` on, for showing what a template will make. */
export function upcomingDueDates(recurrence: Recurrence, today: string, count: number): string[] {
  const dates: string[] = [];
  for (let n = 0; n < 10_000 && dates.length < count; n += 1) {
    const due = nthDueDate(recurrence, n);
    if (due >= today) dates.push(due);
  }
  return dates;
}
