import {
  type AccountBalanceTrend,
  type BankMonth,
  type BankStatisticReply,
  CONSENT_STATUSES,
  type CompanyOverview,
  type ConsentStatisticReply,
  type ConsentStatus,
  type PaymentStatisticReply,
  PaymentStatus,
  type PaymentStatusTotal,
  STATISTIC_LIMITS,
  type StatisticPeriodQuery,
  type TeamAccountantRow,
  type TeamStatisticReply,
  type TeamTodo,
  type TeamWeek,
  type VatRateTotal,
  type VatStatisticReply,
  type VoucherSourceTotal,
  type VoucherStatisticReply,
} from '@bilag/contracts';
import { addDays, addMonths, firstDayOf, type Month, monthOf, monthsFrom, todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { readGuardedByCompanyAccess, readWithCompanyAccess } from '../companies';
import type {
  BankMonthFact,
  CompanyAccess,
  CompanyBacklogFact,
  StatisticFacts,
  WorkWeekFact,
} from './statistic.facts';
import * as repository from './statistic.repository';

const TIME_ZONE = 'Europe/Oslo';

function today(): string {
  return todayIsoDate(TIME_ZONE);
}

type Span = { from: Month; to: Month };

/** Facts of the company asked for, read with the user's access checked in the same statement. */
function readCompanyFacts<T>(
  principal: Principal,
  companyId: number | undefined,
  read: (access: CompanyAccess) => Promise<T | undefined>,
): Promise<T> {
  return readGuardedByCompanyAccess(companyId, (id) => read({ companyId: id, userId: principal.userId }));
}

/** The months asked for; twelve up to this month when left out, twelve from or to the one end given. */
function spanOf(query: Pick<StatisticPeriodQuery, 'from' | 'to'>): Span {
  const length = STATISTIC_LIMITS.defaultMonths - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: minMonth(addMonths(query.from, length), LAST_MONTH) };
  const to = query.to ?? monthOf(today());
  return { from: maxMonth(addMonths(to, -length), FIRST_MONTH), to };
}

/** The months a period may name (PeriodMonth): a span made from one end stays within them. */
const FIRST_MONTH = '1970-01';
const LAST_MONTH = '2999-12';
const minMonth = (a: Month, b: Month) => (a < b ? a : b);
const maxMonth = (a: Month, b: Month) => (a > b ? a : b);

function sumOf<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((total, row) => total + value(row), 0);
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Totals per key, in the order the keys first appear. */
function totalsBy<T, K>(rows: readonly T[], key: (row: T) => K, add: (into: T, row: T) => T): T[] {
  const totals = new Map<K, T>();
  for (const row of rows) {
    const found = totals.get(key(row));
    totals.set(key(row), found ? add(found, row) : { ...row });
  }
  return [...totals.values()];
}

// Vouchers

export async function voucherStatistic(
  db: Db,
  principal: Principal,
  query: StatisticPeriodQuery,
  facts: StatisticFacts = repository.summaryFacts,
): Promise<VoucherStatisticReply> {
  const span = spanOf(query);
  const rows = await readCompanyFacts(principal, query.companyId, (access) =>
    facts.voucherMonths(db, access, firstDayOf(span.from), firstDayOf(span.to)),
  );
  const byMonth = groupBy(rows, (row) => row.month);
  const sourceTotals = (list: typeof rows): VoucherSourceTotal[] =>
    totalsBy(
      list.map(({ source, count, amountOre }) => ({ source, count, amountOre })),
      (row) => row.source,
      (into, row) => ({ ...into, count: into.count + row.count, amountOre: into.amountOre + row.amountOre }),
    ).sort((a, b) => a.source - b.source);
  return {
    span,
    months: monthsFrom(span.from, span.to).map((month) => {
      const list = byMonth.get(month) ?? [];
      return {
        month,
        count: sumOf(list, (row) => row.count),
        amountOre: sumOf(list, (row) => row.amountOre),
        sources: sourceTotals(list),
      };
    }),
    total: {
      count: sumOf(rows, (row) => row.count),
      amountOre: sumOf(rows, (row) => row.amountOre),
      sources: sourceTotals(rows),
    },
  };
}

// Bank

function bankMonthOf(list: readonly BankMonthFact[]): Omit<BankMonth, 'month'> {
  const transactionCount = sumOf(list, (row) => row.transactionCount);
  const unexplainedCount = sumOf(list, (row) => row.unexplainedCount);
  const timedCount = sumOf(list, (row) => row.timedCount);
  return {
    transactionCount,
    explainedCount: transactionCount - unexplainedCount,
    unexplainedCount,
    unexplainedOre: sumOf(list, (row) => row.unexplainedOre),
    averageDaysToExplain:
      timedCount === 0 ? null : Math.round((sumOf(list, (row) => row.daysToExplain) / timedCount) * 10) / 10,
  };
}

export async function bankStatistic(
  db: Db,
  principal: Principal,
  query: StatisticPeriodQuery,
  facts: StatisticFacts = repository.summaryFacts,
): Promise<BankStatisticReply> {
  const span = spanOf(query);
  const first = firstDayOf(span.from);
  const last = firstDayOf(span.to);
  const { months, accounts, names } = await readCompanyFacts(principal, query.companyId, async (access) => {
    const [months, accounts, names] = await Promise.all([
      facts.bankMonths(db, access, first, last),
      facts.bankAccounts(db, access, first, last),
      repository.accountNames(db, access.companyId),
    ]);
    return months && accounts ? { months, accounts, names } : undefined;
  });
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const byAccount = new Map(accounts.map((row) => [row.companyBankId, row]));
  return {
    span,
    months: monthsFrom(span.from, span.to).map((month) => {
      const found = byMonth.get(month);
      return { month, ...bankMonthOf(found ? [found] : []) };
    }),
    accounts: names.map((account) => ({
      ...account,
      transactionCount: byAccount.get(account.companyBankId)?.transactionCount ?? 0,
      unexplainedCount: byAccount.get(account.companyBankId)?.unexplainedCount ?? 0,
      unexplainedOre: byAccount.get(account.companyBankId)?.unexplainedOre ?? 0,
    })),
    total: bankMonthOf(months),
  };
}

// Payments

const PAYMENT_STATUS_ORDER: readonly PaymentStatus[] = [
  PaymentStatus.FOR_APPROVE,
  PaymentStatus.PROCESSING,
  PaymentStatus.PAID,
  PaymentStatus.FAILED,
  PaymentStatus.IGNORED,
  PaymentStatus.CANCELED,
];

const KNOWN_PAYMENT_STATUSES = new Set<number>(PAYMENT_STATUS_ORDER);

type StatusSums = Map<PaymentStatus, PaymentStatusTotal>;

function addToStatus(sums: StatusSums, status: PaymentStatus, count: number, amountOre: number) {
  const found = sums.get(status);
  if (found) {
    found.count += count;
    found.amountOre += amountOre;
  } else sums.set(status, { status, count, amountOre });
}

/** The statuses with payments, in the order of PAYMENT_STATUS_ORDER. */
function statusTotals(sums: StatusSums | undefined): PaymentStatusTotal[] {
  if (!sums) return [];
  const totals: PaymentStatusTotal[] = [];
  for (const status of PAYMENT_STATUS_ORDER) {
    const total = sums.get(status);
    if (total && total.count !== 0) totals.push(total);
  }
  return totals;
}

export async function paymentStatistic(
  db: Db,
  principal: Principal,
  query: StatisticPeriodQuery,
  facts: StatisticFacts = repository.summaryFacts,
): Promise<PaymentStatisticReply> {
  const span = spanOf(query);
  const rows = await readCompanyFacts(principal, query.companyId, (access) =>
    facts.paymentMonths(db, access, firstDayOf(span.from), firstDayOf(span.to)),
  );
  const byMonth = new Map<string, StatusSums>();
  const overall: StatusSums = new Map();
  for (const row of rows) {
    if (!KNOWN_PAYMENT_STATUSES.has(row.status)) continue;
    const status = row.status as PaymentStatus;
    let month = byMonth.get(row.month);
    if (!month) {
      month = new Map();
      byMonth.set(row.month, month);
    }
    addToStatus(month, status, row.count, row.amountOre);
    addToStatus(overall, status, row.count, row.amountOre);
  }
  const countOf = (status: PaymentStatus) => overall.get(status)?.count ?? 0;
  const statuses = statusTotals(overall);
  return {
    span,
    months: monthsFrom(span.from, span.to).map((month) => ({
      month,
      statuses: statusTotals(byMonth.get(month)),
    })),
    statuses,
    counter: {
      total: sumOf(statuses, (total) => total.count),
      forApproval: countOf(PaymentStatus.FOR_APPROVE),
      processing: countOf(PaymentStatus.PROCESSING),
      paid: countOf(PaymentStatus.PAID),
      totalFailed: countOf(PaymentStatus.FAILED),
      ignored: countOf(PaymentStatus.IGNORED),
      canceled: countOf(PaymentStatus.CANCELED),
    },
  };
}

// VAT

function rateTotals(rows: readonly VatRateTotal[]): VatRateTotal[] {
  return totalsBy(
    rows,
    (row) => `${row.category}:${row.rate}`,
    (into, row) => ({
      ...into,
      documentCount: into.documentCount + row.documentCount,
      taxableOre: into.taxableOre + row.taxableOre,
      taxOre: into.taxOre + row.taxOre,
    }),
  ).sort((a, b) => b.rate - a.rate || a.category.localeCompare(b.category));
}

export async function vatStatistic(
  db: Db,
  principal: Principal,
  query: { companyId: number; year: number },
  facts: StatisticFacts = repository.summaryFacts,
): Promise<VatStatisticReply> {
  const year = String(query.year).padStart(4, '0');
  const rows = await readCompanyFacts(principal, query.companyId, (access) =>
    facts.vatMonths(db, access, `${year}-01-01`, `${year}-12-01`),
  );
  const totals = rows.map(({ month: _month, ...total }) => total);
  const terms = [1, 2, 3, 4, 5, 6].map((term) => {
    const from = `${year}-${String(term * 2 - 1).padStart(2, '0')}`;
    const to = `${year}-${String(term * 2).padStart(2, '0')}`;
    const list = rows.filter((row) => row.month === from || row.month === to);
    return {
      term,
      from,
      to,
      rates: rateTotals(list.map(({ month: _month, ...total }) => total)),
      taxableOre: sumOf(list, (row) => row.taxableOre),
      taxOre: sumOf(list, (row) => row.taxOre),
    };
  });
  return {
    year: query.year,
    terms,
    rates: rateTotals(totals),
    taxableOre: sumOf(rows, (row) => row.taxableOre),
    taxOre: sumOf(rows, (row) => row.taxOre),
  };
}

// Consents

export async function consentStatistic(
  db: Db,
  principal: Principal,
  query: { companyId: number },
): Promise<ConsentStatisticReply> {
  const now = today();
  const rows = await readWithCompanyAccess(db, principal.userId, query.companyId, (companyId) =>
    repository.consents(db, companyId, now),
  );
  const consents = rows.map((row) => ({ ...row, status: row.status as ConsentStatus }));
  return {
    statuses: CONSENT_STATUSES.map((status) => ({
      status,
      count: consents.filter((consent) => consent.status === status).length,
    })).filter((total) => total.count > 0),
    expiringSoon: consents.filter(
      (consent) =>
        consent.status === 'valid' &&
        consent.daysLeft !== null &&
        consent.daysLeft >= 0 &&
        consent.daysLeft <= STATISTIC_LIMITS.expiringSoonDays,
    ).length,
    consents,
  };
}

// The front page

export async function companyOverview(
  db: Db,
  principal: Principal,
  query: { companyId: number },
  facts: StatisticFacts = repository.summaryFacts,
): Promise<CompanyOverview> {
  const now = today();
  const trendSince = firstDayOf(addMonths(monthOf(now), -(STATISTIC_LIMITS.balanceTrendMonths - 1)));
  const page = await readCompanyFacts(principal, query.companyId, (access) =>
    facts.frontPage(db, access, {
      today: now,
      trendSince,
      expiringSoonDays: STATISTIC_LIMITS.expiringSoonDays,
      tasksDueWithinDays: STATISTIC_LIMITS.tasksDueWithinDays,
    }),
  );
  const { backlog } = page;
  return {
    waiting: {
      transactionsMissingVoucher: backlog?.transactionsMissingVoucher ?? 0,
      transactionsMissingVoucherOre: backlog?.transactionsMissingVoucherOre ?? 0,
      paymentsForApproval: backlog?.paymentsForApproval ?? 0,
      paymentsFailed: backlog?.paymentsFailed ?? 0,
      consentsExpiring: page.consentsExpiring,
      inboxUnread: page.inboxUnread,
      tasksDue: page.tasksDue,
      tasksOverdue: page.tasksOverdue,
    },
    accounts: page.accounts.map(
      (account): AccountBalanceTrend => ({
        companyBankId: account.companyBankId,
        accountNumber: account.accountNumber,
        name: account.name,
        currency: account.currency,
        balance: account.latest,
        trend: account.trend,
      }),
    ),
    has: { bankAccounts: page.bankAccounts, transactions: page.transactions, vouchers: page.vouchers },
  };
}

// The team

/** The Mondays of the last `count` weeks, this one included, oldest first. */
function weeksUntil(day: string, count: number): string[] {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return Array.from({ length: count }, (_, index) => addDays(monday, -7 * (count - 1 - index)));
}

const emptyTodo: TeamTodo = {
  transactionsMissingVoucher: 0,
  transactionsMissingVoucherOre: 0,
  paymentsForApproval: 0,
  paymentsFailed: 0,
  tasksOpen: 0,
  tasksOverdue: 0,
  consentsExpiring: 0,
};

function addTodos(a: TeamTodo, b: TeamTodo): TeamTodo {
  return {
    transactionsMissingVoucher: a.transactionsMissingVoucher + b.transactionsMissingVoucher,
    transactionsMissingVoucherOre: a.transactionsMissingVoucherOre + b.transactionsMissingVoucherOre,
    paymentsForApproval: a.paymentsForApproval + b.paymentsForApproval,
    paymentsFailed: a.paymentsFailed + b.paymentsFailed,
    tasksOpen: a.tasksOpen + b.tasksOpen,
    tasksOverdue: a.tasksOverdue + b.tasksOverdue,
    consentsExpiring: a.consentsExpiring + b.consentsExpiring,
  };
}

function addWeeks(a: readonly TeamWeek[], b: readonly TeamWeek[]): TeamWeek[] {
  return a.map((week, index) => ({
    week: week.week,
    vouchersAdded: week.vouchersAdded + (b[index]?.vouchersAdded ?? 0),
    transactionsExplained: week.transactionsExplained + (b[index]?.transactionsExplained ?? 0),
    tasksCompleted: week.tasksCompleted + (b[index]?.tasksCompleted ?? 0),
  }));
}

export async function teamStatistic(
  db: Db,
  principal: Principal,
  query: { weeks: number },
  facts: StatisticFacts = repository.summaryFacts,
): Promise<TeamStatisticReply> {
  const now = today();
  const weeks = weeksUntil(now, query.weeks);
  const companies = await repository.teamCompanies(db, principal.userId);
  if (companies.length === 0) return { weeks, companies: [], accountants: [] };
  const companyIds = companies.map((company) => company.companyId);
  const [backlogs, openWork, work] = await Promise.all([
    facts.backlogs(db, companyIds),
    repository.teamOpenWork(db, companyIds, now, STATISTIC_LIMITS.expiringSoonDays),
    facts.workWeeks(db, companyIds, weeks[0] ?? now, weeks[weeks.length - 1] ?? now),
  ]);
  const backlogOf = new Map<number, CompanyBacklogFact>(backlogs.map((row) => [row.companyId, row]));
  const openWorkOf = new Map(openWork.map((row) => [row.companyId, row]));
  const workOf = groupBy<WorkWeekFact, number>(work, (row) => row.companyId);
  const rows = companies.map((company) => {
    const backlog = backlogOf.get(company.companyId);
    const open = openWorkOf.get(company.companyId);
    const done = new Map((workOf.get(company.companyId) ?? []).map((row) => [row.week, row]));
    return {
      companyId: company.companyId,
      companyName: company.companyName,
      companyAlias: company.companyAlias,
      responsibleAccountant:
        company.accountantUserId === null
          ? null
          : { userId: company.accountantUserId, fullName: company.accountantName ?? '' },
      todo: {
        transactionsMissingVoucher: backlog?.transactionsMissingVoucher ?? 0,
        transactionsMissingVoucherOre: backlog?.transactionsMissingVoucherOre ?? 0,
        paymentsForApproval: backlog?.paymentsForApproval ?? 0,
        paymentsFailed: backlog?.paymentsFailed ?? 0,
        tasksOpen: open?.tasksOpen ?? 0,
        tasksOverdue: open?.tasksOverdue ?? 0,
        consentsExpiring: open?.consentsExpiring ?? 0,
      },
      weeks: weeks.map((week) => ({
        week,
        vouchersAdded: done.get(week)?.vouchersAdded ?? 0,
        transactionsExplained: done.get(week)?.transactionsExplained ?? 0,
        tasksCompleted: done.get(week)?.tasksCompleted ?? 0,
      })),
    };
  });
  const noWork = weeks.map((week) => ({
    week,
    vouchersAdded: 0,
    transactionsExplained: 0,
    tasksCompleted: 0,
  }));
  const accountants: TeamAccountantRow[] = [
    ...groupBy(rows, (row) => row.responsibleAccountant?.userId ?? null).values(),
  ].map((group) => ({
    accountant: group[0]?.responsibleAccountant ?? null,
    companyCount: group.length,
    todo: group.reduce((total, row) => addTodos(total, row.todo), emptyTodo),
    weeks: group.reduce((total, row) => addWeeks(total, row.weeks), noWork),
  }));
  accountants.sort((a, b) =>
    a.accountant === null
      ? 1
      : b.accountant === null
        ? -1
        : a.accountant.fullName.localeCompare(b.accountant.fullName),
  );
  return { weeks, companies: rows, accountants };
}
