import type { Db } from '../../db/client';

/*
 * The facts every statistic is built from, as rows of numbers. Two readers give them: the summary
 * tables (what the calls use) and the raw tables (what tests compare the summaries with, and what the
 * benchmark measures them against). Both return the same rows for the same data, in the same order.
 */

export type VoucherMonthFact = { month: string; source: number; count: number; amountOre: number };

export type BankMonthFact = {
  month: string;
  transactionCount: number;
  unexplainedCount: number;
  unexplainedOre: number;
  /** Explained transactions that know the day they were explained, and their days to it, added. */
  timedCount: number;
  daysToExplain: number;
};

export type BankAccountFact = {
  companyBankId: number;
  transactionCount: number;
  unexplainedCount: number;
  unexplainedOre: number;
};

export type PaymentMonthFact = { month: string; status: number; count: number; amountOre: number };

export type VatMonthFact = {
  month: string;
  category: string;
  rate: number;
  documentCount: number;
  taxableOre: number;
  taxOre: number;
};

/** What a company still has to do that the summaries count. */
export type CompanyBacklogFact = {
  companyId: number;
  transactionsMissingVoucher: number;
  transactionsMissingVoucherOre: number;
  paymentsForApproval: number;
  paymentsFailed: number;
};

export type WorkWeekFact = {
  companyId: number;
  week: string;
  vouchersAdded: number;
  transactionsExplained: number;
  tasksCompleted: number;
};

export type AccountBalanceFact = {
  companyBankId: number;
  accountNumber: string;
  name: string | null;
  currency: string;
  /** The last closing booked balance of each month since the first day given, oldest first. */
  trend: { date: string; amountOre: number }[];
  latest: { date: string; amountOre: number } | null;
};

/** The company's front page: its backlog from the reader, and the counts and balances that are not summed. */
export type FrontPageFact = {
  backlog: CompanyBacklogFact | undefined;
  consentsExpiring: number;
  inboxUnread: number;
  tasksDue: number;
  tasksOverdue: number;
  bankAccounts: boolean;
  transactions: boolean;
  vouchers: boolean;
  accounts: AccountBalanceFact[];
};

export type FrontPageDay = {
  today: string;
  /** The first day of the balance trend. */
  trendSince: string;
  expiringSoonDays: number;
  tasksDueWithinDays: number;
};

/** Whose company a read is for: it answers undefined where the user may not see the company. */
export type CompanyAccess = { companyId: number; userId: number };

/**
 * Months are `YYYY-MM-01` bounds, both included; weeks are Mondays, both included. The rows come in no
 * particular order. A company's read checks the user's access in its own statement, saving the round
 * trip of a check beside it; reads over companies are given the companies the user may see.
 */
export type StatisticFacts = {
  voucherMonths(
    db: Db,
    access: CompanyAccess,
    first: string,
    last: string,
  ): Promise<VoucherMonthFact[] | undefined>;
  bankMonths(
    db: Db,
    access: CompanyAccess,
    first: string,
    last: string,
  ): Promise<BankMonthFact[] | undefined>;
  bankAccounts(
    db: Db,
    access: CompanyAccess,
    first: string,
    last: string,
  ): Promise<BankAccountFact[] | undefined>;
  paymentMonths(
    db: Db,
    access: CompanyAccess,
    first: string,
    last: string,
  ): Promise<PaymentMonthFact[] | undefined>;
  vatMonths(db: Db, access: CompanyAccess, first: string, last: string): Promise<VatMonthFact[] | undefined>;
  frontPage(db: Db, access: CompanyAccess, day: FrontPageDay): Promise<FrontPageFact | undefined>;
  backlogs(db: Db, companyIds: readonly number[]): Promise<CompanyBacklogFact[]>;
  workWeeks(
    db: Db,
    companyIds: readonly number[],
    firstWeek: string,
    lastWeek: string,
  ): Promise<WorkWeekFact[]>;
};
