import { PeriodMonth, type PeriodOverviewRow, PeriodState, type PeriodSummary } from '@bilag/contracts';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { defineUrlFilter } from '../../ui/url-filter';

export const OVERVIEW_SORT_FIELDS = ['name', 'blocked'] as const;
export type OverviewSortField = (typeof OVERVIEW_SORT_FIELDS)[number];
export const OVERVIEW_STATE_FILTERS = ['all', ...PeriodState.options] as const;
export type OverviewStateFilter = (typeof OVERVIEW_STATE_FILTERS)[number];

/** The call shows one to twelve months. */
export const OVERVIEW_MONTH_COUNTS = Array.from({ length: 12 }, (_, index) => index + 1);

const PeriodOverviewFilterSchema = z.object({
  until: PeriodMonth.optional(),
  months: z.coerce.number().int().min(1).max(12).default(6),
  sortBy: z.enum(OVERVIEW_SORT_FIELDS).default('name'),
  sortType: z.enum(['asc', 'desc']).default('asc'),
  state: z.enum(OVERVIEW_STATE_FILTERS).default('all'),
});
export type PeriodOverviewFilter = z.infer<typeof PeriodOverviewFilterSchema>;

export const periodOverviewFilter = defineUrlFilter<PeriodOverviewFilter>(PeriodOverviewFilterSchema, {
  until: 'until',
  months: 'months',
  sortBy: 'sort',
  sortType: 'order',
  state: 'state',
});

/** The overview's choices kept in the address, so a reload or a shared link shows the same table. */
export function usePeriodOverviewFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = periodOverviewFilter.read(searchParams);
  function onChangeFilter(changes: Partial<PeriodOverviewFilter>) {
    setSearchParams((current) => periodOverviewFilter.write({ ...filter, ...changes }, current));
  }
  return { filter, onChangeFilter };
}

/** What blocks a month in kroner: its unexplained transactions and the gaps of its balances. */
export function blockedAmountOre(summary: Pick<PeriodSummary, 'state' | 'unexplainedOre' | 'differenceOre'>) {
  return summary.state === 'blocked' ? summary.unexplainedOre + summary.differenceOre : 0;
}

export function rowBlockedAmountOre(row: Pick<PeriodOverviewRow, 'months'>): number {
  return row.months.reduce((total, summary) => total + blockedAmountOre(summary), 0);
}

/**
 * The companies the overview lists: those with a month in the chosen state, by name (in the person's
 * language) or by the most blocked first; companies equal on the amount stay in name order.
 */
export function overviewRows(
  rows: readonly PeriodOverviewRow[],
  filter: Pick<PeriodOverviewFilter, 'sortBy' | 'sortType' | 'state'>,
  locale: string,
): PeriodOverviewRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const shown =
    filter.state === 'all'
      ? [...rows]
      : rows.filter((row) => row.months.some((summary) => summary.state === filter.state));
  const direction = filter.sortType === 'asc' ? 1 : -1;
  return shown.sort((first, second) => {
    const byName = collator.compare(first.companyName, second.companyName);
    if (filter.sortBy === 'name') return direction * byName;
    return direction * (rowBlockedAmountOre(first) - rowBlockedAmountOre(second)) || byName;
  });
}

export type StateTotals = Record<PeriodState, number>;

/** How many of the shown months are in each state, over every company shown. */
export function stateTotals(rows: readonly Pick<PeriodOverviewRow, 'months'>[]): StateTotals {
  const totals: StateTotals = { closed: 0, ready: 0, blocked: 0, 'not-ended': 0, empty: 0 };
  for (const row of rows) for (const summary of row.months) totals[summary.state] += 1;
  return totals;
}
