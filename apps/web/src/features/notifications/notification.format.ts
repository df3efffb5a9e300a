import dayjs from 'dayjs';
import { displayTimeZone } from '../../ui/dates';

/** When a notification came: the time of day for today's, the date and time for older ones. */
export function notificationTime(createdAt: string, isToday: boolean): string {
  return dayjs(createdAt)
    .tz(displayTimeZone())
    .format(isToday ? 'HH:mm' : 'DD.MM.YYYY HH:mm');
}
