import { completeDateInput } from '@bilag/domain/dates/norwegian-dates';
import { isDomainError } from '@bilag/domain/errors';
import dayjs, { type ConfigType } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { isDevelopmentHost } from './hosts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);

export const DateFormat = {
  date: 'DD.MM.YYYY',
  isoDate: 'YYYY-MM-DD',
  dateTime: 'DD-MM-YYYY HH:mm:ss',
  longDate: 'dddd LL',
} as const;
export type DateFormat = (typeof DateFormat)[keyof typeof DateFormat];

/**
 * The product shows times in the Central European zone its users live in (spec §9); on a developer's
 * own machine and the development hosts it uses Singapore time, so a date that ignores the display zone
 * stands out while building.
 */
export function displayTimeZone(
  hostname: string = window.location.hostname,
  developmentHosts?: ReadonlySet<string>,
): string {
  return isDevelopmentHost(hostname, developmentHosts) ? 'Asia/Singapore' : 'Europe/Amsterdam';
}

export function formatDate(value: ConfigType, format: DateFormat = DateFormat.date): string {
  return dayjs(value).tz(displayTimeZone()).format(format);
}

/** Reads a typed date the way the date inputs complete it ("5" is the 5th of this month). */
export function readDate(text: string, today: string): { date: string | null } | { error: true } {
  if (text.trim() === '') return { date: null };
  try {
    return { date: completeDateInput(text, { today }) };
  } catch (error) {
    if (isDomainError(error)) return { error: true };
    throw error;
  }
}
