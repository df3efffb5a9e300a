import dayjs, { type ConfigType } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { isLocalHost } from './hosts';

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
 * The product shows times as they are in Norway's time zone family; development machines use
 * Singapore time instead, so that a date shown in the wrong zone stands out while building.
 */
export function displayTimeZone(hostname: string = window.location.hostname): string {
  return isLocalHost(hostname) || import.meta.env.DEV ? 'Asia/Singapore' : 'Europe/Amsterdam';
}

export function formatDate(value: ConfigType, format: DateFormat = DateFormat.date): string {
  return dayjs(value).tz(displayTimeZone()).format(format);
}
