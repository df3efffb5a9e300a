import type { TaskRecurrence } from '@bilag/contracts';
import { upcomingDueDates } from '@bilag/domain/tasks/recurrence';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '../../ui/format';

/** How many coming due dates a template shows, so a person can check the rule does what they meant. */
const SHOWN_DUE_DATES = 3;

/** "Every second month from 10.02.2026, made 14 days before it is due." */
export function describeRecurrence(recurrence: TaskRecurrence, t: TFunction): string {
  const every = t(`tasks.recurrence.every.${recurrence.everyMonths}`);
  const made =
    recurrence.leadDays === 0
      ? t('tasks.recurrence.madeOnDueDate')
      : t('tasks.recurrence.madeBefore', { count: recurrence.leadDays });
  return t('tasks.recurrence.summary', {
    every,
    first: formatCalendarDate(recurrence.firstDueDate),
    made,
  });
}

/** "Next due: 10.06.2026, 10.08.2026, 10.10.2026", counted from `today`. */
export function describeNextDueDates(recurrence: TaskRecurrence, today: string, t: TFunction): string {
  const dates = upcomingDueDates(recurrence, today, SHOWN_DUE_DATES).map(formatCalendarDate);
  return t('tasks.recurrence.next', { dates: dates.join(', ') });
}
