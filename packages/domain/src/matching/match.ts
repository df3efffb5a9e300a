/**
 * Matching bank transactions with vouchers: every transaction should end up explained by a voucher.
 * Candidates are found through indexes (KID, payment reference, amount), scored on what agrees, and
 * decided: connected automatically when one candidate is clearly best and good enough, suggested when
 * it is plausible, left alone when two are equally good.
 */

import type {
  MatchCandidate,
  MatchDecision,
  MatchOptions,
  MatchTransaction,
  MatchVoucher,
} from './match.types';
import { MatchRun } from './match-run';
import { VoucherIndex } from './voucher-index';

export * from './match.types';
export { bankText } from './match-run';
export { VoucherIndex } from './voucher-index';

/** How well one voucher explains one transaction, and why, in terms a person can check. */
export function scorePair(
  transaction: MatchTransaction,
  voucher: MatchVoucher,
  options: Pick<MatchOptions, 'dateWindowDays' | 'learned'> = {},
): MatchCandidate {
  const index = new VoucherIndex([voucher]);
  const run = new MatchRun(index, options);
  run.begin(transaction);
  return run.candidate(0);
}

/** The ranked candidates of one transaction and what to do about them, before vouchers are shared out. */
export function decide(
  transaction: MatchTransaction,
  index: VoucherIndex,
  options: MatchOptions = {},
): MatchDecision {
  return new MatchRun(index, options).decide(transaction);
}

/**
 * Matches every transaction. A voucher is connected to one transaction at most: where two would take
 * the same voucher, the better-scored keeps it and the other is only suggested.
 */
export function matchTransactions(
  transactions: readonly MatchTransaction[],
  vouchers: Iterable<MatchVoucher> | VoucherIndex,
  options: MatchOptions = {},
): MatchDecision[] {
  const index = vouchers instanceof VoucherIndex ? vouchers : new VoucherIndex(vouchers);
  return new MatchRun(index, options).matchAll(transactions);
}
