import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { FILE_REPLY, route } from '../route';
import { Text } from '../text';
import { AmountOre, IsoDate, SumOre } from '../vouchers/voucher';

const tags = ['periods'];
const base = `${ApiPrefix.main}/periods`;

/** A calendar month of the books, `YYYY-MM`. */
export const PeriodMonth = z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'Use the form YYYY-MM');
export type PeriodMonth = z.infer<typeof PeriodMonth>;

/**
 * Where a month stands: closed (and locked), ready to close, blocked by what the month's blockers list,
 * not over yet (a month is closed only after its last day), or empty: no bank account holds anything
 * on or before its last day, so there is nothing to prove yet (a month is not closed before its books
 * have begun, or a statement imported later would find it locked).
 */
export const PERIOD_STATES = ['closed', 'ready', 'blocked', 'not-ended', 'empty'] as const;
export const PeriodState = z.enum(PERIOD_STATES);
export type PeriodState = z.infer<typeof PeriodState>;

/**
 * What stands in the way of closing, per bank account: transactions not explained, a month without the
 * bank's opening or closing balance, an opening that differs from the month before's closing, and a
 * closing that the opening and the month's transactions do not give.
 */
export const PERIOD_BLOCKER_KINDS = [
  'unexplained',
  'opening-missing',
  'opening-mismatch',
  'closing-missing',
  'difference',
] as const;
export const PeriodBlockerKind = z.enum(PERIOD_BLOCKER_KINDS);
export type PeriodBlockerKind = z.infer<typeof PeriodBlockerKind>;

/** A blocker's key, `{kind}:{companyBankId}`: what an exception names. */
export const PeriodBlockerKey = z
  .string()
  .regex(/^(unexplained|opening-missing|opening-mismatch|closing-missing|difference):[1-9]\d{0,15}$/);

export function periodBlockerKey(kind: PeriodBlockerKind, companyBankId: number): string {
  return `${kind}:${companyBankId}`;
}

export const PeriodBlocker = z.object({
  key: z.string(),
  kind: PeriodBlockerKind,
  companyBankId: z.number().int(),
  accountNumber: z.string(),
  /** For unexplained: how many transactions. */
  count: z.number().int(),
  /** Unexplained: the transactions' amounts without their sign, added; mismatch and difference: the gap. */
  amountOre: SumOre,
});
export type PeriodBlocker = z.infer<typeof PeriodBlocker>;

/** How an account's month adds up against the bank. */
export const PERIOD_PROOFS = [
  'holds',
  'no-activity',
  'opening-missing',
  'opening-mismatch',
  'closing-missing',
  'difference',
] as const;
export const PeriodProof = z.enum(PERIOD_PROOFS);
export type PeriodProof = z.infer<typeof PeriodProof>;

export const PeriodAccount = z.object({
  companyBankId: z.number().int(),
  accountNumber: z.string(),
  name: z.string().nullable(),
  currency: z.string(),
  /** The bank's closing balance of the month before (or the opening it stated in the month, for the first). */
  openingOre: AmountOre.nullable(),
  /** The opening balance the bank stated in the month, where it did. */
  statedOpeningOre: AmountOre.nullable(),
  movementOre: SumOre,
  /** The last closing booked balance the bank stated in the month, and its date. */
  closingOre: AmountOre.nullable(),
  closingDate: IsoDate.nullable(),
  /** Closing minus (opening + movement), where both are known. */
  differenceOre: SumOre.nullable(),
  proof: PeriodProof,
  transactionCount: z.number().int(),
  explainedCount: z.number().int(),
  unexplainedCount: z.number().int(),
  unexplainedOre: SumOre,
});
export type PeriodAccount = z.infer<typeof PeriodAccount>;

export const PeriodTransaction = z.object({
  id: z.number().int(),
  companyBankId: z.number().int(),
  bookingDate: IsoDate,
  text: z.string(),
  amountOre: AmountOre,
});
export type PeriodTransaction = z.infer<typeof PeriodTransaction>;

export const PeriodVoucher = z.object({
  id: z.number().int(),
  date: IsoDate,
  supplierName: z.string().nullable(),
  amountOre: AmountOre.nullable(),
});
export type PeriodVoucher = z.infer<typeof PeriodVoucher>;

export const PERIOD_LIMITS = {
  /** Rows of a month's unexplained transactions and unconnected vouchers sent with the month. */
  listedRows: 100,
  reasonMin: 10,
  reasonMax: 1_000,
} as const;

const Reason = Text.trim().min(PERIOD_LIMITS.reasonMin).max(PERIOD_LIMITS.reasonMax);

export const PeriodException = z.object({
  key: z.string(),
  kind: PeriodBlockerKind,
  companyBankId: z.number().int(),
  accountNumber: z.string(),
  count: z.number().int(),
  amountOre: SumOre,
  reason: z.string(),
});
export type PeriodException = z.infer<typeof PeriodException>;

export const PeriodClosing = z.object({
  id: z.number().int(),
  closedAt: z.string(),
  closedByName: z.string().nullable(),
  exceptions: z.array(PeriodException),
});
export type PeriodClosing = z.infer<typeof PeriodClosing>;

export const PeriodEvent = z.object({
  kind: z.enum(['closed', 'reopened']),
  at: z.string(),
  byName: z.string().nullable(),
  /** Why it was reopened; for a closing, null (its exceptions carry their reasons). */
  reason: z.string().nullable(),
  exceptionCount: z.number().int(),
});
export type PeriodEvent = z.infer<typeof PeriodEvent>;

export const PeriodMonthDetail = z.object({
  month: PeriodMonth,
  firstDay: IsoDate,
  lastDay: IsoDate,
  state: PeriodState,
  accounts: z.array(PeriodAccount),
  blockers: z.array(PeriodBlocker),
  unexplained: z.object({ rows: z.array(PeriodTransaction), total: z.number().int() }),
  vouchersWithoutTransaction: z.object({
    rows: z.array(PeriodVoucher),
    total: z.number().int(),
    amountOre: SumOre,
  }),
  closing: PeriodClosing.nullable(),
  history: z.array(PeriodEvent),
});
export type PeriodMonthDetail = z.infer<typeof PeriodMonthDetail>;

/** A month in a list: its state and how far it is from closing. */
export const PeriodSummary = z.object({
  month: PeriodMonth,
  state: PeriodState,
  transactionCount: z.number().int(),
  unexplainedCount: z.number().int(),
  unexplainedOre: SumOre,
  /** The proof's gaps (mismatch and difference) of every account, without their sign, added. */
  differenceOre: SumOre,
  blockerCount: z.number().int(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
});
export type PeriodSummary = z.infer<typeof PeriodSummary>;

export const PeriodYear = z.object({ year: z.number().int(), months: z.array(PeriodSummary) });
export type PeriodYear = z.infer<typeof PeriodYear>;

export const PeriodOverviewRow = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyAlias: z.string(),
  months: z.array(PeriodSummary),
});
export type PeriodOverviewRow = z.infer<typeof PeriodOverviewRow>;

export const PeriodOverview = z.object({
  months: z.array(PeriodMonth),
  rows: z.array(PeriodOverviewRow),
});
export type PeriodOverview = z.infer<typeof PeriodOverview>;

const CompanyIdQuery = z.object({ companyId: Id });
const MonthParams = z.object({ month: PeriodMonth });

export const listPeriods = route({
  method: 'GET',
  path: `${base}`,
  access: 'company',
  action: 'period.view',
  query: CompanyIdQuery.extend({ year: z.coerce.number().int().min(1970).max(2999) }),
  reply: envelope(PeriodYear),
  summary: "The twelve months of a company's year: closed, ready, blocked or not over",
  tags,
});

export const periodOverview = route({
  method: 'GET',
  path: `${base}/overview`,
  access: 'user',
  action: 'period.overview',
  query: z.object({
    /** The last month shown; the month before this one when left out. */
    until: PeriodMonth.optional(),
    months: z.coerce.number().int().min(1).max(12).default(6),
  }),
  reply: envelope(PeriodOverview),
  summary: 'For every company the person serves, which months are closed, ready or blocked, and by how much',
  tags,
});

export const periodByMonth = route({
  method: 'GET',
  path: `${base}/:month`,
  access: 'company',
  action: 'period.view',
  params: MonthParams,
  query: CompanyIdQuery,
  reply: envelope(PeriodMonthDetail),
  summary:
    "One month: each account's proof against the bank, what blocks closing, its closings and reopenings",
  tags,
});

export const ClosePeriodRequest = z.object({
  companyId: Id,
  /** An accepted blocker, with the reason that stays on the record; for accountants only. */
  exceptions: z
    .array(z.object({ key: PeriodBlockerKey, reason: Reason }))
    .max(50)
    .default([]),
});
export type ClosePeriodRequest = z.infer<typeof ClosePeriodRequest>;

export const closePeriod = route({
  method: 'POST',
  path: `${base}/:month/close`,
  access: 'company',
  action: 'period.close',
  params: MonthParams,
  body: ClosePeriodRequest,
  reply: envelope(PeriodMonthDetail),
  summary: 'Close a month for every account at once: only with nothing blocking it, or each blocker accepted',
  tags,
});

export const ReopenPeriodRequest = z.object({ companyId: Id, reason: Reason });
export type ReopenPeriodRequest = z.infer<typeof ReopenPeriodRequest>;

export const reopenPeriod = route({
  method: 'POST',
  path: `${base}/:month/reopen`,
  access: 'company',
  action: 'period.reopen',
  params: MonthParams,
  body: ReopenPeriodRequest,
  reply: envelope(PeriodMonthDetail),
  summary: "Reopen a closed month, with a reason; the company's users are told",
  tags,
});

export const periodArchive = route({
  method: 'GET',
  path: `${base}/:month/archive`,
  access: 'company',
  action: 'period.view',
  params: MonthParams,
  query: CompanyIdQuery,
  reply: FILE_REPLY,
  summary:
    'A closed month as a zip an auditor reads without the product: report (PDF), transactions and vouchers (CSV), every voucher file, and a manifest of checksums',
  tags,
});
