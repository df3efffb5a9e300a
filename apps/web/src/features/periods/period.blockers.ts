import type { PeriodBlocker, PeriodBlockerKind, PeriodMonth } from '@bilag/contracts';
import { addMonths, monthDays, monthParts } from './period.month';

/**
 * The screen that puts a blocker right, opened on its account and month: the bank list of the month's
 * transactions still missing a voucher; the statement import for a balance the bank has not given; the
 * account's balances over the months whose balances disagree.
 */
export type BlockerFix =
  | { screen: 'bank-list'; companyBankId: number; year: number; month: number }
  | { screen: 'statement-import'; companyBankId: number }
  | { screen: 'balances'; companyBankId: number; from: string; to: string };

export function blockerFix(
  blocker: Pick<PeriodBlocker, 'kind' | 'companyBankId'>,
  month: PeriodMonth,
): BlockerFix {
  const { companyBankId } = blocker;
  switch (blocker.kind) {
    case 'unexplained':
      return { screen: 'bank-list', companyBankId, ...monthParts(month) };
    case 'opening-missing':
    case 'closing-missing':
      return { screen: 'statement-import', companyBankId };
    case 'opening-mismatch':
      return {
        screen: 'balances',
        companyBankId,
        from: monthDays(addMonths(month, -1)).firstDay,
        to: monthDays(month).lastDay,
      };
    case 'difference': {
      const { firstDay, lastDay } = monthDays(month);
      return { screen: 'balances', companyBankId, from: firstDay, to: lastDay };
    }
  }
}

/** Blockers in the order they are best fixed: the bank's balances first, then what they prove. */
const FIX_ORDER: Record<PeriodBlockerKind, number> = {
  'opening-missing': 0,
  'closing-missing': 1,
  'opening-mismatch': 2,
  difference: 3,
  unexplained: 4,
};

/** One account's blockers together, each account's in the order they are best fixed. */
export function sortBlockers<Blocker extends Pick<PeriodBlocker, 'kind' | 'accountNumber'>>(
  blockers: readonly Blocker[],
): Blocker[] {
  return [...blockers].sort(
    (first, second) =>
      first.accountNumber.localeCompare(second.accountNumber) ||
      FIX_ORDER[first.kind] - FIX_ORDER[second.kind],
  );
}
