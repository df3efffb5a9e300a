import { z } from 'zod';
import { ConsentStatus } from '../consents/consents';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { PaymentStatusSchema } from '../payments/payment-status';
import { PeriodMonth } from '../periods/period';
import { route } from '../route';
import { AmountOre, IsoDate, SumOre } from '../vouchers/voucher';

const tags = ['statistics'];
const base = ApiPrefix.statistic;

export const STATISTIC_LIMITS = {
  /** The months one statistics call spans at most: five years of books. */
  maxMonths: 60,
  /** The months shown when the period is left out: the last twelve, this one included. */
  defaultMonths: 12,
  /** A consent counts as expiring soon this many days or fewer before it ends. */
  expiringSoonDays: 14,
  /** Open tasks due within this many days count as due on the front page. */
  tasksDueWithinDays: 7,
  /** Months of balance history beside each account on the front page. */
  balanceTrendMonths: 6,
  maxWeeks: 26,
  defaultWeeks: 8,
} as const;

/** The standard VAT rates of Norway (MVA), in the order the VAT page shows them; others follow. */
export const VAT_RATES = [25, 15, 12, 0] as const;

/** The months from one `YYYY-MM` to another, both included. */
function monthsBetween(from: string, to: string): number {
  const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return monthIndex(to) - monthIndex(from) + 1;
}

/**
 * A company and a span of months, both ends included. Left out, the span is the last twelve months up
 * to this one (Norwegian time); given one end only, it runs twelve months from or to it.
 */
export const StatisticPeriodQuery = z
  .object({ companyId: Id, from: PeriodMonth.optional(), to: PeriodMonth.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first month comes after the last',
    path: ['from'],
  })
  .refine(
    (query) => !query.from || !query.to || monthsBetween(query.from, query.to) <= STATISTIC_LIMITS.maxMonths,
    { message: `A span of at most ${STATISTIC_LIMITS.maxMonths} months`, path: ['to'] },
  );
export type StatisticPeriodQuery = z.infer<typeof StatisticPeriodQuery>;

const Count = z.number().int();

/** The months a statistic covers, first and last included, as `YYYY-MM`. */
const Span = z.object({ from: PeriodMonth, to: PeriodMonth });

// The front page

export const WaitingCounts = z.object({
  /** Bank transactions without a voucher (status 1), of every account and month. */
  transactionsMissingVoucher: Count,
  /** Their amounts without sign, added. */
  transactionsMissingVoucherOre: SumOre,
  paymentsForApproval: Count,
  paymentsFailed: Count,
  /** Consents valid now that end within the expiring-soon days. */
  consentsExpiring: Count,
  /** Arrivals in the inbox the person has not read. */
  inboxUnread: Count,
  /** Open tasks due within the coming days (overdue ones included). */
  tasksDue: Count,
  tasksOverdue: Count,
});
export type WaitingCounts = z.infer<typeof WaitingCounts>;

export const BalancePoint = z.object({ date: IsoDate, amountOre: AmountOre });
export type BalancePoint = z.infer<typeof BalancePoint>;

export const AccountBalanceTrend = z.object({
  companyBankId: Id,
  accountNumber: z.string(),
  name: z.string().nullable(),
  currency: z.string(),
  /** The newest closing booked balance the bank stated, with its date; null before any. */
  balance: BalancePoint.nullable(),
  /** The last stated balance of each of the last months that has one, oldest first. */
  trend: z.array(BalancePoint),
});
export type AccountBalanceTrend = z.infer<typeof AccountBalanceTrend>;

export const CompanyOverview = z.object({
  waiting: WaitingCounts,
  accounts: z.array(AccountBalanceTrend),
  /** What the company has at all, so an empty company is told what to do first. */
  has: z.object({ bankAccounts: z.boolean(), transactions: z.boolean(), vouchers: z.boolean() }),
});
export type CompanyOverview = z.infer<typeof CompanyOverview>;

export const companyOverview = route({
  method: 'GET',
  path: `${base}/overview`,
  access: 'company',
  action: 'dashboard.view',
  query: z.object({ companyId: Id }),
  reply: envelope(CompanyOverview),
  summary: "The front page: what waits in the company, and each account's balance with its recent trend",
  tags,
});

// Vouchers

export const VoucherSourceTotal = z.object({ source: z.number().int(), count: Count, amountOre: SumOre });
export type VoucherSourceTotal = z.infer<typeof VoucherSourceTotal>;

export const VoucherMonth = z.object({
  month: PeriodMonth,
  count: Count,
  amountOre: SumOre,
  sources: z.array(VoucherSourceTotal),
});
export type VoucherMonth = z.infer<typeof VoucherMonth>;

export const VoucherStatisticReply = z.object({
  span: Span,
  /** Every month of the span, oldest first, empty ones included. */
  months: z.array(VoucherMonth),
  total: z.object({ count: Count, amountOre: SumOre, sources: z.array(VoucherSourceTotal) }),
});
export type VoucherStatisticReply = z.infer<typeof VoucherStatisticReply>;

export const voucherStatistic = route({
  method: 'GET',
  path: `${base}/voucher`,
  access: 'company',
  action: 'statistics.view',
  query: StatisticPeriodQuery,
  reply: envelope(VoucherStatisticReply),
  summary: 'Vouchers per month of their date and per source (upload, e-mail, EHF, mobile, registration)',
  tags,
});

// Bank

export const BankMonth = z.object({
  month: PeriodMonth,
  transactionCount: Count,
  explainedCount: Count,
  unexplainedCount: Count,
  unexplainedOre: SumOre,
  /** Days from booking to the voucher, on average, of those explained that know when; null when none. */
  averageDaysToExplain: z.number().nullable(),
});
export type BankMonth = z.infer<typeof BankMonth>;

export const BankAccountTotal = z.object({
  companyBankId: Id,
  accountNumber: z.string(),
  name: z.string().nullable(),
  transactionCount: Count,
  unexplainedCount: Count,
  unexplainedOre: SumOre,
});
export type BankAccountTotal = z.infer<typeof BankAccountTotal>;

export const BankStatisticReply = z.object({
  span: Span,
  months: z.array(BankMonth),
  accounts: z.array(BankAccountTotal),
  total: BankMonth.omit({ month: true }),
});
export type BankStatisticReply = z.infer<typeof BankStatisticReply>;

export const bankStatistic = route({
  method: 'GET',
  path: `${base}/bank`,
  access: 'company',
  action: 'statistics.view',
  query: StatisticPeriodQuery,
  reply: envelope(BankStatisticReply),
  summary: 'Bank transactions per month: explained against missing a voucher, and the days it took',
  tags,
});

// Payments

export const PaymentStatusTotal = z.object({ status: PaymentStatusSchema, count: Count, amountOre: SumOre });
export type PaymentStatusTotal = z.infer<typeof PaymentStatusTotal>;

export const PaymentMonth = z.object({ month: PeriodMonth, statuses: z.array(PaymentStatusTotal) });
export type PaymentMonth = z.infer<typeof PaymentMonth>;

export const PaymentStatisticReply = z.object({
  span: Span,
  /** Per month of the payments' due date. */
  months: z.array(PaymentMonth),
  statuses: z.array(PaymentStatusTotal),
  counter: z.object({
    total: Count,
    forApproval: Count,
    processing: Count,
    paid: Count,
    totalFailed: Count,
    ignored: Count,
    canceled: Count,
  }),
});
export type PaymentStatisticReply = z.infer<typeof PaymentStatisticReply>;

export const paymentStatistic = route({
  method: 'GET',
  path: `${base}/payment`,
  access: 'company',
  action: 'statistics.view',
  query: StatisticPeriodQuery,
  reply: envelope(PaymentStatisticReply),
  summary: 'Payments per month of their due date and per status, with the failed ones counted',
  tags,
});

// VAT (MVA)

export const VatRateTotal = z.object({
  /** The VAT category code of EN 16931 (S, Z, E, AE, K, G, O, L, M); empty when the document gave none. */
  category: z.string(),
  /** Percent, such as 25 or 11.11. */
  rate: z.number(),
  documentCount: Count,
  taxableOre: SumOre,
  taxOre: SumOre,
});
export type VatRateTotal = z.infer<typeof VatRateTotal>;

export const VatTerm = z.object({
  /** 1 to 6: January–February is the first two-month term of the VAT return. */
  term: z.number().int().min(1).max(6),
  from: PeriodMonth,
  to: PeriodMonth,
  rates: z.array(VatRateTotal),
  taxableOre: SumOre,
  taxOre: SumOre,
});
export type VatTerm = z.infer<typeof VatTerm>;

export const VatStatisticReply = z.object({
  year: z.number().int(),
  terms: z.array(VatTerm),
  rates: z.array(VatRateTotal),
  taxableOre: SumOre,
  taxOre: SumOre,
});
export type VatStatisticReply = z.infer<typeof VatStatisticReply>;

export const vatStatistic = route({
  method: 'GET',
  path: `${base}/mva`,
  access: 'company',
  action: 'statistics.view',
  query: z.object({ companyId: Id, year: z.coerce.number().int().min(1970).max(2999) }),
  reply: envelope(VatStatisticReply),
  summary:
    'VAT of the EHF invoices that became vouchers, per rate and two-month term of a year; credit notes count against',
  tags,
});

// Consents

export const ConsentStatisticRow = z.object({
  id: Id,
  bankName: z.string(),
  status: ConsentStatus,
  validUntil: IsoDate.nullable(),
  /** Days left until it ends, counted in Norway; null when it has no end. */
  daysLeft: z.number().int().nullable(),
  accountCount: Count,
});
export type ConsentStatisticRow = z.infer<typeof ConsentStatisticRow>;

export const ConsentStatisticReply = z.object({
  statuses: z.array(z.object({ status: ConsentStatus, count: Count })),
  expiringSoon: Count,
  consents: z.array(ConsentStatisticRow),
});
export type ConsentStatisticReply = z.infer<typeof ConsentStatisticReply>;

export const consentStatistic = route({
  method: 'GET',
  path: `${base}/ztl`,
  access: 'company',
  action: 'statistics.view',
  query: z.object({ companyId: Id }),
  reply: envelope(ConsentStatisticReply),
  summary: "The company's bank consents by state, and when each ends",
  tags,
});

// The bureau's team

export const TeamTodo = z.object({
  transactionsMissingVoucher: Count,
  transactionsMissingVoucherOre: SumOre,
  paymentsForApproval: Count,
  paymentsFailed: Count,
  tasksOpen: Count,
  tasksOverdue: Count,
  consentsExpiring: Count,
});
export type TeamTodo = z.infer<typeof TeamTodo>;

export const TeamWeek = z.object({
  /** The week's Monday. */
  week: IsoDate,
  vouchersAdded: Count,
  transactionsExplained: Count,
  tasksCompleted: Count,
});
export type TeamWeek = z.infer<typeof TeamWeek>;

export const TeamPerson = z.object({ userId: Id, fullName: z.string() });

export const TeamCompanyRow = z.object({
  companyId: Id,
  companyName: z.string(),
  companyAlias: z.string(),
  responsibleAccountant: TeamPerson.nullable(),
  todo: TeamTodo,
  /** One entry per week of the reply, oldest first. */
  weeks: z.array(TeamWeek),
});
export type TeamCompanyRow = z.infer<typeof TeamCompanyRow>;

export const TeamAccountantRow = z.object({
  /** Null for the companies without a responsible accountant. */
  accountant: TeamPerson.nullable(),
  companyCount: Count,
  todo: TeamTodo,
  weeks: z.array(TeamWeek),
});
export type TeamAccountantRow = z.infer<typeof TeamAccountantRow>;

export const TeamStatisticReply = z.object({
  weeks: z.array(IsoDate),
  companies: z.array(TeamCompanyRow),
  accountants: z.array(TeamAccountantRow),
});
export type TeamStatisticReply = z.infer<typeof TeamStatisticReply>;

export const teamStatistic = route({
  method: 'GET',
  path: `${base}/team`,
  access: 'user',
  action: 'team.view',
  query: z.object({
    weeks: z.coerce
      .number()
      .int()
      .min(1)
      .max(STATISTIC_LIMITS.maxWeeks)
      .default(STATISTIC_LIMITS.defaultWeeks),
  }),
  reply: envelope(TeamStatisticReply),
  summary:
    'For every company the person serves and per responsible accountant: what is still to do, and what was done each week',
  tags,
});
