/**
 * Matching bank transactions with vouchers: every transaction should end up explained by a voucher.
 * Candidates are found through indexes (KID, payment reference, amount), scored on what agrees, and
 * decided: connected automatically when one candidate is clearly best and good enough, suggested when
 * it is plausible, left alone when two are equally good.
 */

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
  | { code: 'NAME_MATCHES'; name: string };

export interface MatchCandidate {
  voucherId: number;
  /** 0 to 1. */
  score: number;
  reasons: MatchReason[];
}

export type MatchOutcome = 'connect' | 'suggest' | 'none';

export interface MatchDecision {
  transactionId: number;
  outcome: MatchOutcome;
  /** Best first. */
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
}

export const MATCH_DEFAULTS = {
  autoConnectAt: 0.9,
  suggestAt: 0.5,
  margin: 0.08,
  dateWindowDays: 45,
  maxCandidates: 5,
} as const;

const WEIGHTS = {
  paymentReference: 0.6,
  kid: 0.5,
  sameAmount: 0.5,
  closeAmount: 0.3,
  date: 0.25,
  name: 0.2,
} as const;

/** Rounding of card payments to whole kroner: amounts this close still count as close. */
const CLOSE_AMOUNT_ORE = 100;
/** Per amount, and per amount and word of the supplier's name, only the vouchers dated nearest are candidates. */
const NEAREST_BY_AMOUNT = 6;

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

function digitsOf(kid: string | null | undefined): string | undefined {
  if (!kid) return undefined;
  const digits = kid.replace(/[^\d-]/g, '');
  return digits.length >= 2 ? digits : undefined;
}

/** Words of a company name that say who it is; legal forms and common words do not. */
const NAME_NOISE = new Set([
  'as',
  'asa',
  'ans',
  'da',
  'sa',
  'ab',
  'ltd',
  'gmbh',
  'norge',
  'norway',
  'og',
  'the',
  'and',
]);

export function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(
      (token) => (/^\d+$/.test(token) ? token.length >= 2 : token.length >= 3) && !NAME_NOISE.has(token),
    );
}

type IndexedVoucher = MatchVoucher & {
  amount: number;
  days: number[];
  tokens: string[];
  kidDigits: string | undefined;
};

/** The vouchers of one amount, sorted by the day they are nearest to being paid. */
type AmountBucket = { days: number[]; vouchers: IndexedVoucher[] };

function anchorDay(voucher: IndexedVoucher): number {
  return voucher.days[voucher.days.length - 1] ?? 0;
}

function bucketOf(vouchers: IndexedVoucher[]): AmountBucket {
  vouchers.sort((a, b) => anchorDay(a) - anchorDay(b));
  return { days: vouchers.map(anchorDay), vouchers };
}

/**
 * The vouchers arranged for lookups by KID, payment reference, amount (exact or a rounding away, nearest
 * in date first) and amount with a word of the supplier's name, so a transaction meets a handful of
 * candidates however many vouchers share its amount.
 */
export class VoucherIndex {
  private readonly byKid = new Map<string, IndexedVoucher[]>();
  private readonly byReference = new Map<string, IndexedVoucher[]>();
  private readonly byAmount = new Map<number, AmountBucket>();
  private readonly byAmountAndName = new Map<string, AmountBucket>();
  private readonly undated: IndexedVoucher[] = [];
  private readonly amounts: number[];

  constructor(vouchers: Iterable<MatchVoucher>) {
    const byAmount = new Map<number, IndexedVoucher[]>();
    const byAmountAndName = new Map<string, IndexedVoucher[]>();
    for (const voucher of vouchers) {
      const days = [voucher.date, voucher.dueDate]
        .filter((date): date is string => !!date)
        .map(dayNumber)
        .sort((a, b) => a - b);
      const indexed: IndexedVoucher = {
        ...voucher,
        amount: Math.abs(voucher.amountOre ?? 0),
        days,
        tokens: voucher.supplierName ? nameTokens(voucher.supplierName) : [],
        kidDigits: digitsOf(voucher.kid),
      };
      if (indexed.kidDigits) push(this.byKid, indexed.kidDigits, indexed);
      if (voucher.paymentReference) push(this.byReference, voucher.paymentReference, indexed);
      if (indexed.amount === 0) continue;
      if (days.length === 0) this.undated.push(indexed);
      else push(byAmount, indexed.amount, indexed);
      for (const token of indexed.tokens) push(byAmountAndName, `${indexed.amount}|${token}`, indexed);
    }
    for (const [amount, list] of byAmount) this.byAmount.set(amount, bucketOf(list));
    for (const [key, list] of byAmountAndName) this.byAmountAndName.set(key, bucketOf(list));
    this.amounts = [...this.byAmount.keys()].sort((a, b) => a - b);
  }

  candidatesFor(
    transaction: MatchTransaction,
    windowDays: number,
    tokens: ReadonlySet<string>,
  ): Set<IndexedVoucher> {
    const found = new Set<IndexedVoucher>();
    const kid = digitsOf(transaction.kid);
    if (kid) for (const voucher of this.byKid.get(kid) ?? []) found.add(voucher);
    if (transaction.endToEndId) {
      for (const voucher of this.byReference.get(transaction.endToEndId) ?? []) found.add(voucher);
    }
    const amount = Math.abs(transaction.amountOre);
    const day = dayNumber(transaction.date);
    for (
      let index = lowerBound(this.amounts, amount - CLOSE_AMOUNT_ORE);
      index < this.amounts.length;
      index += 1
    ) {
      const candidateAmount = this.amounts[index] as number;
      if (candidateAmount > amount + CLOSE_AMOUNT_ORE) break;
      this.addNearest(this.byAmount.get(candidateAmount) as AmountBucket, day, windowDays, found);
      for (const token of tokens) {
        const named = this.byAmountAndName.get(`${candidateAmount}|${token}`);
        if (named) this.addNearest(named, day, windowDays, found);
      }
    }
    for (const voucher of this.undated) {
      if (Math.abs(voucher.amount - amount) <= CLOSE_AMOUNT_ORE) found.add(voucher);
    }
    return found;
  }

  /** Walks outwards from the transaction's day, taking the nearest vouchers within the window. */
  private addNearest(bucket: AmountBucket, day: number, windowDays: number, found: Set<IndexedVoucher>) {
    let after = lowerBound(bucket.days, day);
    let before = after - 1;
    for (let taken = 0; taken < NEAREST_BY_AMOUNT; taken += 1) {
      const afterDistance =
        after < bucket.days.length ? (bucket.days[after] as number) - day : Number.POSITIVE_INFINITY;
      const beforeDistance = before >= 0 ? day - (bucket.days[before] as number) : Number.POSITIVE_INFINITY;
      if (Math.min(afterDistance, beforeDistance) > windowDays) return;
      if (afterDistance <= beforeDistance) {
        found.add(bucket.vouchers[after] as IndexedVoucher);
        after += 1;
      } else {
        found.add(bucket.vouchers[before] as IndexedVoucher);
        before -= 1;
      }
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function textTokens(transaction: MatchTransaction): Set<string> {
  return new Set(nameTokens(`${transaction.text} ${transaction.counterpartyName ?? ''}`));
}

/** How well one voucher explains one transaction, and why, in terms a person can check. */
export function scorePair(
  transaction: MatchTransaction,
  voucher: IndexedVoucher,
  windowDays: number,
  tokens: ReadonlySet<string> = textTokens(transaction),
): MatchCandidate {
  const reasons: MatchReason[] = [];
  let score = 0;
  if (transaction.endToEndId && voucher.paymentReference === transaction.endToEndId) {
    score += WEIGHTS.paymentReference;
    reasons.push({ code: 'SAME_PAYMENT_REFERENCE' });
  }
  const kid = digitsOf(transaction.kid);
  if (kid && kid === voucher.kidDigits) {
    score += WEIGHTS.kid;
    reasons.push({ code: 'SAME_KID', kid });
  }
  const amount = Math.abs(transaction.amountOre);
  const difference = Math.abs(amount - voucher.amount);
  if (voucher.amount > 0 && difference === 0) {
    score += WEIGHTS.sameAmount;
    reasons.push({ code: 'SAME_AMOUNT' });
  } else if (voucher.amount > 0 && difference <= CLOSE_AMOUNT_ORE) {
    score += WEIGHTS.closeAmount * (1 - difference / (CLOSE_AMOUNT_ORE + 1));
    reasons.push({ code: 'AMOUNT_CLOSE', differenceOre: difference });
  }
  if (voucher.days.length > 0) {
    const day = dayNumber(transaction.date);
    const days = Math.min(...voucher.days.map((each) => Math.abs(each - day)));
    if (days <= windowDays) {
      score += WEIGHTS.date * (1 - days / (windowDays + 1));
      reasons.push({ code: 'DAYS_APART', days });
    }
  }
  // The more of the supplier's name the bank text carries, the surer: "Ruter Bodø" is not "Posten Bodø".
  const matched = voucher.tokens.filter((token) => tokens.has(token)).length;
  if (matched > 0 && voucher.supplierName) {
    score += WEIGHTS.name * (matched / voucher.tokens.length);
    reasons.push({ code: 'NAME_MATCHES', name: voucher.supplierName });
  }
  return { voucherId: voucher.id, score: Math.min(1, Math.round(score * 1000) / 1000), reasons };
}

/** The ranked candidates of one transaction and what to do about them, before vouchers are shared out. */
export function decide(
  transaction: MatchTransaction,
  index: VoucherIndex,
  options: MatchOptions = {},
): MatchDecision {
  const settings = { ...MATCH_DEFAULTS, ...options };
  const tokens = textTokens(transaction);
  const candidates: MatchCandidate[] = [];
  for (const voucher of index.candidatesFor(transaction, settings.dateWindowDays, tokens)) {
    if (options.rejected?.has(`${transaction.id}:${voucher.id}`)) continue;
    const candidate = scorePair(transaction, voucher, settings.dateWindowDays, tokens);
    if (candidate.score >= settings.suggestAt) candidates.push(candidate);
  }
  candidates.sort((a, b) => b.score - a.score || a.voucherId - b.voucherId);
  const [best, second] = candidates;
  const ambiguous = best !== undefined && second !== undefined && best.score - second.score < settings.margin;
  let outcome: MatchOutcome = 'none';
  if (best) outcome = best.score >= settings.autoConnectAt && !ambiguous ? 'connect' : 'suggest';
  return {
    transactionId: transaction.id,
    outcome,
    candidates: candidates.slice(0, settings.maxCandidates),
    ambiguous,
  };
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
  const decisions = transactions.map((transaction) => decide(transaction, index, options));
  const connecting = decisions
    .filter((decision) => decision.outcome === 'connect')
    .sort(
      (a, b) =>
        (b.candidates[0]?.score ?? 0) - (a.candidates[0]?.score ?? 0) || a.transactionId - b.transactionId,
    );
  const taken = new Set<number>();
  for (const decision of connecting) {
    const voucherId = decision.candidates[0]?.voucherId as number;
    if (taken.has(voucherId)) decision.outcome = 'suggest';
    else taken.add(voucherId);
  }
  return decisions;
}
