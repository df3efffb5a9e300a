/** What matching is given, what it answers, and the options that tune it. */

import type { LearnedModel } from './learn';

export interface MatchTransaction {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  /** Signed øre: money out is negative. */
  amountOre: number;
  text: string;
  kid?: string | null;
  endToEndId?: string | null;
  counterpartyName?: string | null;
}

export interface MatchVoucher {
  id: number;
  date: string | null;
  dueDate?: string | null;
  /** The voucher's amount in øre, without sign. */
  amountOre: number | null;
  supplierName?: string | null;
  kid?: string | null;
  /** The end-to-end id of the payment made for the voucher, when it was paid through the product. */
  paymentReference?: string | null;
}

export type MatchReason =
  | { code: 'SAME_PAYMENT_REFERENCE' }
  | { code: 'SAME_KID'; kid: string }
  | { code: 'SAME_AMOUNT' }
  | { code: 'AMOUNT_CLOSE'; differenceOre: number }
  | { code: 'DAYS_APART'; days: number }
  | { code: 'NAME_MATCHES'; name: string }
  /** The company's own history: this bank text was confirmed for this supplier before. */
  | { code: 'LEARNED'; name: string; confirmations: number };

export interface MatchCandidate {
  voucherId: number;
  /** 0 to 1. */
  score: number;
  /** Not to be changed: a reason that is the same for many candidates is shared by them, and frozen. */
  reasons: MatchReason[];
}

export type MatchOutcome = 'connect' | 'suggest' | 'none';

export interface MatchDecision {
  transactionId: number;
  outcome: MatchOutcome;
  /** Best first; among equal scores, the voucher due first, as the oldest open item is paid first. */
  candidates: MatchCandidate[];
  /** Two candidates were too close to tell apart, so nothing was connected. */
  ambiguous: boolean;
}

export interface MatchOptions {
  /** A candidate at or above this score, clearly ahead of the next, is connected. */
  autoConnectAt?: number;
  /** A candidate at or above this score is suggested. */
  suggestAt?: number;
  /** How far ahead of the second the best must be to be connected. */
  margin?: number;
  /** Vouchers dated further from the transaction than this are not candidates by amount alone. */
  dateWindowDays?: number;
  maxCandidates?: number;
  /** Pairs a person has rejected, as `${transactionId}:${voucherId}`: never suggested again. */
  rejected?: ReadonlySet<string>;
  /** The company's history of confirmed and rejected pairs, which lifts the suppliers it has seen paid by such texts. */
  learned?: LearnedModel;
}

export const MATCH_DEFAULTS = {
  autoConnectAt: 0.9,
  suggestAt: 0.5,
  margin: 0.08,
  dateWindowDays: 45,
  maxCandidates: 5,
} as const;
