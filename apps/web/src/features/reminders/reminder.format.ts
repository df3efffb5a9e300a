import { isoWeekday } from '@bilag/domain/reminders/schedule';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { displayTimeZone } from '../../ui/dates';

const TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** An hour of the clock as "08:00". */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

const WEEKDAY_KEYS = [
  'reminders.weekdays.1',
  'reminders.weekdays.2',
  'reminders.weekdays.3',
  'reminders.weekdays.4',
  'reminders.weekdays.5',
  'reminders.weekdays.6',
  'reminders.weekdays.7',
] as const;

/** The weekday's name in the reader's language; 1 is Monday. */
export function weekdayName(weekday: number, t: TFunction): string {
  const key = WEEKDAY_KEYS[weekday - 1];
  return key ? t(key) : '';
}

/**
 * When the next sending is due. Its slot is on Norway's clock (`YYYY-MM-DDTHH:mm`), as the hour chosen
 * is, so it is shown on that clock and said to be, wherever the reader is.
 */
export function formatNextSending(slot: string, t: TFunction): string {
  const date = slot.slice(0, 10);
  const [year, month, day] = date.split('-');
  return t('reminders.norwegianTime', {
    when: `${weekdayName(isoWeekday(date), t)} ${day}.${month}.${year} ${slot.slice(11, 16)}`,
  });
}

/** A point in time, on the product's display clock. */
export function formatSentAt(instant: string): string {
  return dayjs(instant).tz(displayTimeZone()).format(TIME_FORMAT);
}
