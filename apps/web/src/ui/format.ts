import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAmount } from '@bilag/domain/money/norwegian';
import { ore } from '@bilag/domain/money/ore';

/** "1 234,50"; the no-break space keeps an amount on one line in narrow table cells. */
export function formatOre(amountOre: number): string {
  return formatAmount(ore(amountOre), { groupSeparator: '\u00A0' });
}

export function formatMoney(amountOre: number, currency: string): string {
  return `${formatOre(amountOre)}\u00A0${currency}`;
}

/** A calendar date from the API ('YYYY-MM-DD') as DD.MM.YYYY, with no time zone to shift it. */
export function formatCalendarDate(date: string | null): string {
  return date ? formatDate(date, 'DD.MM.YYYY') : '';
}

/** "01.01.2025–31.01.2025", or a dash where the period is not known. */
export function formatPeriod(fromDate: string | null, toDate: string | null): string {
  if (!fromDate || !toDate) return '—';
  return `${formatCalendarDate(fromDate)}–${formatCalendarDate(toDate)}`;
}
