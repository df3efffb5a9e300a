import { isoDateParts } from '@bilag/domain/dates/norwegian-dates';
import { readDate } from '../../ui/dates';

export type BalancePeriod = { ibDate: string; ubDate: string };

export type BalancePeriodErrorKey = 'bankAccounts.form.errors.date' | 'bankAccounts.balance.endBeforeStart';

/** The year so far: the opening balance of 1 January against the balance of today. */
export function defaultBalancePeriod(today: string): BalancePeriod {
  return { ibDate: `${isoDateParts(today).year}-01-01`, ubDate: today };
}

export type ParsedBalancePeriod =
  | { isValid: true; period: BalancePeriod }
  | { isValid: false; errors: Partial<Record<keyof BalancePeriod, BalancePeriodErrorKey>> };

/** Reads the typed period; both ends are needed, and the end may not come before the start. */
export function parseBalancePeriod(fromText: string, toText: string, today: string): ParsedBalancePeriod {
  const from = readDate(fromText, today);
  const to = readDate(toText, today);
  const errors: Partial<Record<keyof BalancePeriod, BalancePeriodErrorKey>> = {};
  if ('error' in from || from.date === null) errors.ibDate = 'bankAccounts.form.errors.date';
  if ('error' in to || to.date === null) errors.ubDate = 'bankAccounts.form.errors.date';
  if ('error' in from || from.date === null || 'error' in to || to.date === null)
    return { isValid: false, errors };
  if (to.date < from.date)
    return { isValid: false, errors: { ubDate: 'bankAccounts.balance.endBeforeStart' } };
  return { isValid: true, period: { ibDate: from.date, ubDate: to.date } };
}
