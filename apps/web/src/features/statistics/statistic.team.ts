import type { TeamAccountantRow, TeamCompanyRow, TeamTodo, TeamWeek } from '@bilag/contracts';
import { z } from 'zod';

/** The spans the team pages offer, in weeks. */
export const TEAM_WEEK_CHOICES = [4, 8, 12, 26] as const;
export const DEFAULT_TEAM_WEEKS = 8;

/** The weeks of the address when they are one of the choices, else the default. */
export function readTeamWeeks(value: string | null): number {
  const weeks = Number(value);
  return (TEAM_WEEK_CHOICES as readonly number[]).includes(weeks) ? weeks : DEFAULT_TEAM_WEEKS;
}

/** The work a week saw done: vouchers added, transactions explained and tasks completed, together. */
export function workDone(week: Pick<TeamWeek, 'vouchersAdded' | 'transactionsExplained' | 'tasksCompleted'>) {
  return week.vouchersAdded + week.transactionsExplained + week.tasksCompleted;
}

export function totalWorkDone(weeks: readonly TeamWeek[]): number {
  return weeks.reduce((total, week) => total + workDone(week), 0);
}

export type Trend = 'up' | 'down' | 'flat';

/**
 * Whether the work done rose or fell: the later half of the weeks against the earlier half. With an odd
 * number of weeks the middle one belongs to neither, so both halves are as long. A change of a tenth or
 * less (or none at all) is flat, so a week's noise does not read as a trend.
 */
export function trendOf(weeks: readonly TeamWeek[]): Trend {
  const half = Math.floor(weeks.length / 2);
  if (half === 0) return 'flat';
  const earlier = totalWorkDone(weeks.slice(0, half));
  const later = totalWorkDone(weeks.slice(weeks.length - half));
  if (later === earlier) return 'flat';
  const change = (later - earlier) / Math.max(earlier, 1);
  if (Math.abs(change) <= 0.1) return 'flat';
  return later > earlier ? 'up' : 'down';
}

export const TEAM_TODO_FIELDS = [
  'transactionsMissingVoucher',
  'paymentsForApproval',
  'paymentsFailed',
  'tasksOpen',
  'tasksOverdue',
  'consentsExpiring',
] as const satisfies readonly (keyof TeamTodo)[];
export type TeamTodoField = (typeof TEAM_TODO_FIELDS)[number];

export const TEAM_COMPANY_SORT_FIELDS = [
  'company',
  'accountant',
  ...TEAM_TODO_FIELDS,
  'done',
  'trend',
] as const;
export type TeamCompanySortField = (typeof TEAM_COMPANY_SORT_FIELDS)[number];

export const TEAM_ACCOUNTANT_SORT_FIELDS = [
  'accountant',
  'companies',
  ...TEAM_TODO_FIELDS,
  'done',
  'trend',
] as const;
export type TeamAccountantSortField = (typeof TEAM_ACCOUNTANT_SORT_FIELDS)[number];

export type TeamSort<Field extends string> = { sortBy: Field; sortType: 'asc' | 'desc' };

export const TeamCompanySort = z.object({
  sortBy: z.enum(TEAM_COMPANY_SORT_FIELDS).catch('company'),
  sortType: z.enum(['asc', 'desc']).catch('asc'),
});

export const TeamAccountantSort = z.object({
  sortBy: z.enum(TEAM_ACCOUNTANT_SORT_FIELDS).catch('accountant'),
  sortType: z.enum(['asc', 'desc']).catch('asc'),
});

const trendRank: Record<Trend, number> = { down: 0, flat: 1, up: 2 };

function compareBy<Row>(
  rows: readonly Row[],
  direction: 'asc' | 'desc',
  value: (row: Row) => number | string,
  name: (row: Row) => string,
  collator: Intl.Collator,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((first, second) => {
    const a = value(first);
    const b = value(second);
    const byValue =
      typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : Number(a) - Number(b);
    // Rows equal on the column keep the order of their names, whichever way the column is sorted.
    return sign * byValue || collator.compare(name(first), name(second));
  });
}

/** The companies in the chosen order; names compare in the person's language, ties by the company's name. */
export function sortTeamCompanies(
  rows: readonly TeamCompanyRow[],
  sort: TeamSort<TeamCompanySortField>,
  locale: string,
): TeamCompanyRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const value = (row: TeamCompanyRow): number | string => {
    if (sort.sortBy === 'company') return row.companyName;
    // Companies without a responsible accountant come last from A, as the ones still to be given one.
    if (sort.sortBy === 'accountant') return row.responsibleAccountant?.fullName ?? '\uFFFF';
    if (sort.sortBy === 'done') return totalWorkDone(row.weeks);
    if (sort.sortBy === 'trend') return trendRank[trendOf(row.weeks)];
    return row.todo[sort.sortBy];
  };
  return compareBy(rows, sort.sortType, value, (row) => row.companyName, collator);
}

/** The accountants in the chosen order; the companies without one sort as a name after every other. */
export function sortTeamAccountants(
  rows: readonly TeamAccountantRow[],
  sort: TeamSort<TeamAccountantSortField>,
  locale: string,
): TeamAccountantRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const name = (row: TeamAccountantRow) => row.accountant?.fullName ?? '\uFFFF';
  const value = (row: TeamAccountantRow): number | string => {
    if (sort.sortBy === 'accountant') return name(row);
    if (sort.sortBy === 'companies') return row.companyCount;
    if (sort.sortBy === 'done') return totalWorkDone(row.weeks);
    if (sort.sortBy === 'trend') return trendRank[trendOf(row.weeks)];
    return row.todo[sort.sortBy];
  };
  return compareBy(rows, sort.sortType, value, name, collator);
}

/** The weeks of several rows added week by week, for the chart of everyone's work. */
export function sumWeeks(
  rows: readonly { weeks: readonly TeamWeek[] }[],
  weeks: readonly string[],
): TeamWeek[] {
  return weeks.map((week) =>
    rows.reduce<TeamWeek>(
      (sum, row) => {
        const found = row.weeks.find((candidate) => candidate.week === week);
        return found
          ? {
              week,
              vouchersAdded: sum.vouchersAdded + found.vouchersAdded,
              transactionsExplained: sum.transactionsExplained + found.transactionsExplained,
              tasksCompleted: sum.tasksCompleted + found.tasksCompleted,
            }
          : sum;
      },
      { week, vouchersAdded: 0, transactionsExplained: 0, tasksCompleted: 0 },
    ),
  );
}
