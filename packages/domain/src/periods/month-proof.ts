import { daysInMonth, type IsoDate } from '../dates/norwegian-dates';

/** A calendar month, `YYYY-MM`. */
export type Month = string;

export function firstDayOf(month: Month): IsoDate {
  return `${month}-01`;
}

export function lastDayOf(month: Month): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}`;
}

export function monthOf(date: IsoDate): Month {
  return date.slice(0, 7);
}

export function addMonths(month: Month, count: number): Month {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months from `first` to `last`, both included, in order. */
export function monthsFrom(first: Month, last: Month): Month[] {
  const months: Month[] = [];
  const index = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  for (let at = index(first), end = index(last); at <= end; at += 1) {
    months.push(`${String(Math.floor(at / 12)).padStart(4, '0')}-${String((at % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** What the books hold of an account's month: its transactions in sums, and the balances the bank stated. */
export type AccountMonthFacts = {
  month: Month;
  transactionCount: number;
  unexplainedCount: number;
  movementOre: number;
  /** The unexplained transactions' amounts without their sign, added. */
  unexplainedOre: number;
  /** The last closing booked balance the bank stated in the month. */
  closing: { amountOre: number; date: IsoDate } | null;
  /** The first opening balance the bank stated in the month (a statement's opening). */
  statedOpeningOre: number | null;
};

export type MonthProofState =
  | 'holds'
  | 'no-activity'
  | 'opening-missing'
  | 'opening-mismatch'
  | 'closing-missing'
  | 'difference';

export type MonthBlockerKind =
  | 'unexplained'
  | 'opening-missing'
  | 'opening-mismatch'
  | 'closing-missing'
  | 'difference';

export type MonthBlocker = { kind: MonthBlockerKind; count: number; amountOre: number };

export type AccountMonthProof = AccountMonthFacts & {
  openingOre: number | null;
  differenceOre: number | null;
  proof: MonthProofState;
  blockers: MonthBlocker[];
};

/**
 * The balance proof of an account month by month: the opening of a month is the bank's closing balance
 * of the month before (or, for the first month the bank states anything, the opening it stated), and
 * opening plus the month's transactions must give the last closing balance the bank stated in the
 * month. A month with no transactions and no balances carries the balance over untouched. Only
 * balances the bank stated carry over: a month without one leaves the next without an opening unless
 * the bank states it there.
 */
export function proveAccountMonths(
  closingBeforeOre: number | null,
  months: readonly AccountMonthFacts[],
): AccountMonthProof[] {
  let carriedOre = closingBeforeOre;
  return months.map((facts) => {
    const blockers: MonthBlocker[] = [];
    if (facts.unexplainedCount > 0) {
      blockers.push({ kind: 'unexplained', count: facts.unexplainedCount, amountOre: facts.unexplainedOre });
    }
    const quiet = facts.transactionCount === 0 && facts.closing === null && facts.statedOpeningOre === null;
    if (quiet) {
      return { ...facts, openingOre: carriedOre, differenceOre: null, proof: 'no-activity', blockers };
    }
    const openingOre = carriedOre ?? facts.statedOpeningOre;
    if (openingOre === null) blockers.push({ kind: 'opening-missing', count: 0, amountOre: 0 });
    if (carriedOre !== null && facts.statedOpeningOre !== null && facts.statedOpeningOre !== carriedOre) {
      blockers.push({ kind: 'opening-mismatch', count: 0, amountOre: facts.statedOpeningOre - carriedOre });
    }
    let differenceOre: number | null = null;
    if (facts.closing === null) {
      blockers.push({ kind: 'closing-missing', count: 0, amountOre: 0 });
    } else if (openingOre !== null) {
      differenceOre = facts.closing.amountOre - (openingOre + facts.movementOre);
      if (differenceOre !== 0) blockers.push({ kind: 'difference', count: 0, amountOre: differenceOre });
    }
    carriedOre = facts.closing?.amountOre ?? null;
    const proofBlocker = blockers.find(
      (blocker): blocker is MonthBlocker & { kind: Exclude<MonthBlockerKind, 'unexplained'> } =>
        blocker.kind !== 'unexplained',
    );
    return { ...facts, openingOre, differenceOre, proof: proofBlocker?.kind ?? 'holds', blockers };
  });
}
