import { addDays, type IsoDate, isoDateParts, toEpochDay, toIsoDate } from './norwegian-dates';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIsoDate(year, month, day) as IsoDate;
}

export type BankHoliday = { date: IsoDate; name: string };

/**
 * The days Norwegian banks do not settle payments (NICS): the public holidays, and Christmas Eve and
 * New Year's Eve, when the clearing is closed although they are not public holidays.
 */
export function norwegianBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number) => toIsoDate(year, month, day) as IsoDate;
  return [
    { date: fixed(1, 1), name: 'New Year' },
    { date: addDays(easter, -3), name: 'Maundy Thursday' },
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: easter, name: 'Easter Sunday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: fixed(5, 1), name: 'Labour Day' },
    { date: fixed(5, 17), name: 'Constitution Day' },
    { date: addDays(easter, 39), name: 'Ascension Day' },
    { date: addDays(easter, 49), name: 'Whit Sunday' },
    { date: addDays(easter, 50), name: 'Whit Monday' },
    { date: fixed(12, 24), name: 'Christmas Eve' },
    { date: fixed(12, 25), name: 'Christmas Day' },
    { date: fixed(12, 26), name: 'Boxing Day' },
    { date: fixed(12, 31), name: "New Year's Eve" },
  ].sort((left, right) => left.date.localeCompare(right.date));
}

/** The days TARGET2 (the euro's settlement system) is closed besides weekends. */
export function targetHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number) => toIsoDate(year, month, day) as IsoDate;
  return [
    { date: fixed(1, 1), name: 'New Year' },
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: fixed(5, 1), name: 'Labour Day' },
    { date: fixed(12, 25), name: 'Christmas Day' },
    { date: fixed(12, 26), name: 'Boxing Day' },
  ];
}

const holidayCache = new Map<string, Map<IsoDate, string>>();

function holidaysOf(calendar: 'NO' | 'TARGET', year: number): Map<IsoDate, string> {
  const key = `${calendar}${year}`;
  let holidays = holidayCache.get(key);
  if (!holidays) {
    const list = calendar === 'NO' ? norwegianBankHolidays(year) : targetHolidays(year);
    holidays = new Map(list.map((holiday) => [holiday.date, holiday.name]));
    holidayCache.set(key, holidays);
  }
  return holidays;
}

/** 0 Sunday … 6 Saturday. */
function weekday(date: IsoDate): number {
  // Epoch day 0 (1970-01-01) was a Thursday.
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: IsoDate): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** The bank holiday on a date, if it is one. */
export function norwegianBankHolidayOn(date: IsoDate): string | undefined {
  return holidaysOf('NO', isoDateParts(date).year).get(date);
}

export function isNorwegianBankingDay(date: IsoDate): boolean {
  return !isWeekend(date) && norwegianBankHolidayOn(date) === undefined;
}

/**
 * Whether both Norway's clearing and the currency's own settlement are open: a euro payment also needs
 * TARGET2, other currencies are settled by correspondents on Norwegian banking days.
 */
export function isBankingDayFor(date: IsoDate, currency: string): boolean {
  if (!isNorwegianBankingDay(date)) return false;
  if (currency === 'EUR') return !holidaysOf('TARGET', isoDateParts(date).year).has(date);
  return true;
}

/** The date itself when it is a banking day, otherwise the next one. */
export function nextBankingDay(date: IsoDate, currency = 'NOK'): IsoDate {
  let day = date;
  // A year never has more than a handful of closed days in a row; the bound only guards the loop.
  for (let step = 0; step < 31 && !isBankingDayFor(day, currency); step += 1) day = addDays(day, 1);
  return day;
}

/** The banking day `count` banking days after `date` (0: the date itself or the next banking day). */
export function addBankingDays(date: IsoDate, count: number, currency = 'NOK'): IsoDate {
  let day = nextBankingDay(date, currency);
  for (let step = 0; step < count; step += 1) day = nextBankingDay(addDays(day, 1), currency);
  return day;
}

/**
 * How many banking days a payment needs before it can be paid: a Norwegian krone payment inside Norway
 * is paid the same day, a euro payment within SEPA the next, any other currency abroad in two (spot).
 */
export function settlementLeadDays(currency: string, isInternational: boolean): number {
  if (!isInternational) return 0;
  return currency === 'EUR' || currency === 'NOK' ? 1 : 2;
}

/** The first due dates a bank accepts for a payment from today, in order. */
export function availableDueDates(options: {
  today: IsoDate;
  currency: string;
  isInternational: boolean;
  count: number;
}): IsoDate[] {
  const first = addBankingDays(
    options.today,
    settlementLeadDays(options.currency, options.isInternational),
    options.currency,
  );
  const dates: IsoDate[] = [];
  for (let day = first; dates.length < options.count; day = nextBankingDay(addDays(day, 1), options.currency))
    dates.push(day);
  return dates;
}
