import type { TeamCompanyRow, TeamWeek } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { readTeamWeeks, sortTeamCompanies, sumWeeks, trendOf, workDone } from './statistic.team';

function week(monday: string, done: number): TeamWeek {
  return { week: monday, vouchersAdded: done, transactionsExplained: 0, tasksCompleted: 0 };
}

function weeksOf(...done: number[]): TeamWeek[] {
  return done.map((count, index) => week(`2026-01-${String(5 + index * 7).padStart(2, '0')}`, count));
}

const todo = {
  transactionsMissingVoucher: 0,
  transactionsMissingVoucherOre: 0,
  paymentsForApproval: 0,
  paymentsFailed: 0,
  tasksOpen: 0,
  tasksOverdue: 0,
  consentsExpiring: 0,
};

function company(id: number, name: string, missing: number, accountant?: string): TeamCompanyRow {
  return {
    companyId: id,
    companyName: name,
    companyAlias: name.toLowerCase(),
    responsibleAccountant: accountant ? { userId: id, fullName: accountant } : null,
    todo: { ...todo, transactionsMissingVoucher: missing },
    weeks: weeksOf(1, 1),
  };
}

describe('the trend arrow of the team', () => {
  it('points up when the later half of the weeks saw more work than the earlier half', () => {
    expect(trendOf(weeksOf(2, 3, 5, 6))).toBe('up');
    expect(trendOf(weeksOf(0, 0, 1, 0))).toBe('up');
  });

  it('points down when the later half saw less', () => {
    expect(trendOf(weeksOf(6, 5, 3, 2))).toBe('down');
  });

  it('stays level for a change of a tenth or less, and for too few weeks to compare', () => {
    expect(trendOf(weeksOf(10, 10, 10, 11))).toBe('flat');
    expect(trendOf(weeksOf(0, 0, 0, 0))).toBe('flat');
    expect(trendOf(weeksOf(9))).toBe('flat');
    expect(trendOf([])).toBe('flat');
  });

  it('leaves the middle week out of an odd number, so both halves are as long', () => {
    expect(trendOf(weeksOf(4, 100, 4))).toBe('flat');
  });

  it('counts vouchers added, transactions explained and tasks completed as work done', () => {
    expect(workDone({ vouchersAdded: 2, transactionsExplained: 3, tasksCompleted: 4 })).toBe(9);
  });
});

describe('the team overview table', () => {
  const rows = [
    company(1, 'Østlandet AS', 3, 'Kari'),
    company(2, 'Alfa AS', 3),
    company(3, 'Beta AS', 9, 'Bjørn'),
  ];

  it('sorts by a count, companies with equal counts by name', () => {
    const sorted = sortTeamCompanies(rows, { sortBy: 'transactionsMissingVoucher', sortType: 'desc' }, 'nb');
    expect(sorted.map((row) => row.companyName)).toEqual(['Beta AS', 'Alfa AS', 'Østlandet AS']);
  });

  it('sorts names in the person’s language, and companies without an accountant last', () => {
    expect(
      sortTeamCompanies(rows, { sortBy: 'company', sortType: 'asc' }, 'nb').map((row) => row.companyName),
    ).toEqual(['Alfa AS', 'Beta AS', 'Østlandet AS']);
    expect(
      sortTeamCompanies(rows, { sortBy: 'accountant', sortType: 'asc' }, 'nb').map((row) => row.companyId),
    ).toEqual([3, 1, 2]);
  });

  it('offers only the spans of weeks it knows', () => {
    expect(readTeamWeeks('12')).toBe(12);
    expect(readTeamWeeks('13')).toBe(8);
    expect(readTeamWeeks(null)).toBe(8);
  });

  it('adds the weeks of several rows week by week', () => {
    const summed = sumWeeks([{ weeks: weeksOf(1, 2) }, { weeks: weeksOf(3) }], ['2026-01-05', '2026-01-12']);
    expect(summed.map((entry) => entry.vouchersAdded)).toEqual([4, 2]);
  });
});
