import type { PeriodOverviewRow, PeriodState, PeriodSummary } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  blockedAmountOre,
  overviewRows,
  periodOverviewFilter,
  rowBlockedAmountOre,
  stateTotals,
} from './period-overview';

function summary(month: string, state: PeriodState, unexplainedOre = 0, differenceOre = 0): PeriodSummary {
  return {
    month,
    state,
    transactionCount: 10,
    unexplainedCount: unexplainedOre === 0 ? 0 : 1,
    unexplainedOre,
    differenceOre,
    blockerCount: unexplainedOre + differenceOre === 0 ? 0 : 1,
    closedAt: null,
    closedByName: null,
  };
}

function company(companyId: number, companyName: string, months: PeriodSummary[]): PeriodOverviewRow {
  return { companyId, companyName, companyAlias: companyName.toLowerCase(), months };
}

const rows = [
  company(1, 'Øst Regnskap', [summary('2025-01', 'closed'), summary('2025-02', 'blocked', 50_000, 0)]),
  company(2, 'Alfa Bygg', [
    summary('2025-01', 'blocked', 10_000, 2_500),
    summary('2025-02', 'blocked', 0, 1_000),
  ]),
  company(3, 'bakeriet', [summary('2025-01', 'closed'), summary('2025-02', 'ready')]),
];

const byName = { sortBy: 'name', sortType: 'asc', state: 'all' } as const;

describe('the bureau overview', () => {
  it('sorts the companies by name in the person’s language, Ø after the other letters in Norwegian', () => {
    expect(overviewRows(rows, byName, 'nb').map((row) => row.companyName)).toEqual([
      'Alfa Bygg',
      'bakeriet',
      'Øst Regnskap',
    ]);
    expect(overviewRows(rows, { ...byName, sortType: 'desc' }, 'nb').map((row) => row.companyId)).toEqual([
      1, 3, 2,
    ]);
  });

  it('puts the most blocked company first, counting unexplained amounts and balance gaps of blocked months', () => {
    expect(rowBlockedAmountOre(rows[0] as PeriodOverviewRow)).toBe(50_000);
    expect(rowBlockedAmountOre(rows[1] as PeriodOverviewRow)).toBe(13_500);
    expect(
      overviewRows(rows, { sortBy: 'blocked', sortType: 'desc', state: 'all' }, 'nb').map(
        (row) => row.companyId,
      ),
    ).toEqual([1, 2, 3]);
  });

  it('counts nothing as blocking in a month that is not blocked', () => {
    expect(blockedAmountOre(summary('2025-01', 'closed', 10_000, 500))).toBe(0);
  });

  it('shows only the companies with a month in the chosen state', () => {
    expect(overviewRows(rows, { ...byName, state: 'ready' }, 'nb').map((row) => row.companyId)).toEqual([3]);
    expect(overviewRows(rows, { ...byName, state: 'not-ended' }, 'nb')).toEqual([]);
  });

  it('adds up the states of every month shown', () => {
    expect(stateTotals(rows)).toEqual({ closed: 2, ready: 1, blocked: 3, 'not-ended': 0, empty: 0 });
  });

  it('keeps its choices in the address and ignores ones the call would refuse', () => {
    const params = periodOverviewFilter.write(
      { ...periodOverviewFilter.defaults, until: '2025-06', months: 12, state: 'blocked' },
      new URLSearchParams(),
    );
    expect(params.toString()).toBe('until=2025-06&months=12&state=blocked');
    expect(periodOverviewFilter.read(new URLSearchParams('months=40&until=2025-13&state=gone'))).toEqual(
      periodOverviewFilter.defaults,
    );
  });
});
