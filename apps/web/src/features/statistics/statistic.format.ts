import type { Language, PeriodMonth } from '@bilag/contracts';
import { formatOre } from '../../ui/format';
import { monthParts } from './statistic.period';

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function monthDate(month: PeriodMonth): Date {
  const { year, month: monthNumber } = monthParts(month);
  return new Date(Date.UTC(year, monthNumber - 1, 1));
}

/** "March 2025" or "Mars 2025", for a select or a table's row heading. */
export function monthLabel(month: PeriodMonth, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return capitalize(format.format(monthDate(month)));
}

/** "Mar 25" or "Mar. 25", for a chart's axis where twelve months share the width. */
export function shortMonthLabel(month: PeriodMonth, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return capitalize(format.format(monthDate(month)));
}

/** A week by its Monday: "12 May" or "12. mai". */
export function weekLabel(monday: string, locale: string): string {
  const [year = 0, month = 1, day = 1] = monday.split('-').map(Number);
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/** The locale numbers are written in: Norwegian groups thousands with a space, English with a comma. */
export function numberLocale(language: Language): string {
  return language === 'no' ? 'nb-NO' : 'en-GB';
}

/** A count as the person's language writes it ("1 234" or "1,234"). */
export function formatCount(count: number, language: Language): string {
  return new Intl.NumberFormat(numberLocale(language)).format(count);
}

/** A number of days, with one decimal at most ("3,5" or "3.5"); a dash where none is known. */
export function formatDays(days: number | null, language: Language): string {
  if (days === null) return '—';
  return new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 1 }).format(days);
}

/** Kroner for a chart's axis: charts draw numbers, the amounts are whole øre. */
export function oreToKroner(amountOre: number): number {
  return amountOre / 100;
}

/** A chart's kroner back in the product's amount format ("1 234,50"). */
export function formatKroner(kroner: number): string {
  return formatOre(Math.round(kroner * 100));
}

/** Whole kroner for a chart's axis, where the øre only crowd the ticks ("16 000"). */
export function formatWholeKroner(kroner: number): string {
  return formatOre(Math.round(kroner) * 100).replace(/,00$/, '');
}
