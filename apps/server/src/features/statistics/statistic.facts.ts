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

/** Months are `YYYY-MM-01` bounds, both included; weeks are Mondays, both included. */
export type StatisticFacts = {
  voucherMonths(db: Db, companyId: number, first: string, last: string): Promise<VoucherMonthFact[]>;
  bankMonths(db: Db, companyId: number, first: string, last: string): Promise<BankMonthFact[]>;
  bankAccounts(db: Db, companyId: number, first: string, last: string): Promise<BankAccountFact[]>;
  paymentMonths(db: Db, companyId: number, first: string, last: string): Promise<PaymentMonthFact[]>;
  vatMonths(db: Db, companyId: number, first: string, last: string): Promise<VatMonthFact[]>;
  backlogs(db: Db, companyIds: readonly number[]): Promise<CompanyBacklogFact[]>;
  workWeeks(
    db: Db,
    companyIds: readonly number[],
    firstWeek: string,
    lastWeek: string,
  ): Promise<WorkWeekFact[]>;
};
