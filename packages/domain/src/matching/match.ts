/**
 * Matching bank transactions with vouchers: every transaction should end up explained by a voucher.
 * Candidates are found through indexes (KID, payment reference, amount), scored on what agrees, and
 * decided: connected automatically when one candidate is clearly best and good enough, suggested when
 * it is plausible, left alone when two are equally good.
 */

import { type LearnedAffinity, type LearnedModel, learnedAffinity, supplierKey } from './learn';
import { nameTokens } from './tokens';

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

const WEIGHTS = {
  paymentReference: 0.6,
  kid: 0.5,
  sameAmount: 0.5,
  /** A card payment rounded to whole kroner says almost as much as the same amount. */
  roundedAmount: 0.4,
  closeAmount: 0.3,
  date: 0.25,
  name: 0.2,
  learned: 0.2,
} as const;

/** Rounding of card payments to whole kroner: amounts this close still count as close. */
const CLOSE_AMOUNT_ORE = 100;
const ORE_PER_KRONE = 100;

const DAY_MS = 86_400_000;
const NO_SUPPLIER = -1;

/**
 * Days since 1970-01-01 of a date written YYYY-MM-DD (anything after is ignored), NaN when it is not one.
 * Read from the digits, as Date.parse of every transaction would cost more than the rest of its matching.
 */
function dayNumber(isoDate: string): number {
  if (isoDate.length < 10 || isoDate[4] !== '-' || isoDate[7] !== '-') return Number.NaN;
  const month = digitsValue(isoDate, 5, 7);
  const day = digitsValue(isoDate, 8, 10);
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN;
  return Date.UTC(digitsValue(isoDate, 0, 4), month - 1, day) / DAY_MS;
}

function digitsValue(text: string, from: number, to: number): number {
  let value = 0;
  for (let position = from; position < to; position += 1) {
    const digit = text.charCodeAt(position) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

const KID_CHARACTERS = /^[\d-]*$/;
const NOT_KID_CHARACTER = /[^\d-]/g;

function digitsOf(kid: string | null | undefined): string | undefined {
  if (!kid) return undefined;
  const digits = KID_CHARACTERS.test(kid) ? kid : kid.replace(NOT_KID_CHARACTER, '');
  return digits.length >= 2 ? digits : undefined;
}

/** A voucher as the index keeps it: what scoring reads, worked out once. */
interface IndexedVoucher {
  id: number;
  /** Øre, without sign; 0 when unknown. */
  amount: number;
  /** The day it is expected to be paid, its due date or else its date, as a day number; NaN when undated. */
  day: number;
  /** The number of its supplier in the index, or NO_SUPPLIER. */
  supplier: number;
  kidDigits: string | undefined;
  paymentReference: string | undefined;
}

function byDay(a: IndexedVoucher, b: IndexedVoucher): number {
  return a.day - b.day || a.id - b.id;
}

/** Vouchers grouped by amount, the amounts in ascending order, so the amounts near one are a range. */
class AmountTable {
  private readonly amounts: Float64Array;
  private readonly groups: IndexedVoucher[][];

  constructor(byAmount: Map<number, IndexedVoucher[]>) {
    this.amounts = Float64Array.from(byAmount.keys()).sort();
    this.groups = Array.from(this.amounts, (amount) => byAmount.get(amount) as IndexedVoucher[]);
  }

  get size(): number {
    return this.amounts.length;
  }

  /** The position of the first amount at or above `amount`. */
  firstFrom(amount: number): number {
    let low = 0;
    let high = this.amounts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.amounts[middle] as number) < amount) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  amountAt(position: number): number {
    return this.amounts[position] as number;
  }

  vouchersAt(position: number): readonly IndexedVoucher[] {
    return this.groups[position] as IndexedVoucher[];
  }
}

/** The position of the first voucher paid on or after `day` among vouchers sorted by day. */
function firstOnOrAfter(vouchers: readonly IndexedVoucher[], day: number): number {
  let low = 0;
  let high = vouchers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((vouchers[middle] as IndexedVoucher).day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The vouchers arranged for lookups by KID, payment reference and amount (dated ones by the day they are
 * expected paid), and their suppliers by the words of their names, so a transaction meets only the
 * vouchers that could explain it however many there are.
 */
export class VoucherIndex {
  /** Every voucher, in the order given. */
  readonly vouchers: readonly IndexedVoucher[];
  readonly dated: AmountTable;
  readonly undated: AmountTable;
  private readonly byKid = new Map<string, IndexedVoucher[]>();
  private readonly byReference = new Map<string, IndexedVoucher[]>();
  private readonly supplierNumbers = new Map<string, number>();
  private readonly supplierNames: string[] = [];
  private readonly supplierWordCounts: number[] = [];
  private readonly suppliersByWord = new Map<string, number[]>();
  /** Built on first use, as only matching with a learned model needs it. */
  private suppliersByKey: Map<string, number[]> | undefined;

  constructor(vouchers: Iterable<MatchVoucher>) {
    const all: IndexedVoucher[] = [];
    const datedByAmount = new Map<number, IndexedVoucher[]>();
    const undatedByAmount = new Map<number, IndexedVoucher[]>();
    for (const voucher of vouchers) {
      const dueDay = voucher.dueDate ? dayNumber(voucher.dueDate) : Number.NaN;
      const indexed: IndexedVoucher = {
        id: voucher.id,
        amount: Math.abs(voucher.amountOre ?? 0),
        day: Number.isNaN(dueDay) && voucher.date ? dayNumber(voucher.date) : dueDay,
        supplier: this.supplierOf(voucher.supplierName),
        kidDigits: digitsOf(voucher.kid),
        paymentReference: voucher.paymentReference ?? undefined,
      };
      all.push(indexed);
      if (indexed.kidDigits) push(this.byKid, indexed.kidDigits, indexed);
      if (indexed.paymentReference) push(this.byReference, indexed.paymentReference, indexed);
      if (indexed.amount === 0) continue;
      push(Number.isNaN(indexed.day) ? undatedByAmount : datedByAmount, indexed.amount, indexed);
    }
    for (const group of datedByAmount.values()) if (group.length > 1) group.sort(byDay);
    this.vouchers = all;
    this.dated = new AmountTable(datedByAmount);
    this.undated = new AmountTable(undatedByAmount);
  }

  withKid(kidDigits: string): readonly IndexedVoucher[] {
    return this.byKid.get(kidDigits) ?? [];
  }

  withReference(reference: string): readonly IndexedVoucher[] {
    return this.byReference.get(reference) ?? [];
  }

  supplierName(supplier: number): string {
    return this.supplierNames[supplier] as string;
  }

  /** How many distinct words of the supplier's name say who it is. */
  supplierWordCount(supplier: number): number {
    return this.supplierWordCounts[supplier] as number;
  }

  get supplierCount(): number {
    return this.supplierNames.length;
  }

  suppliersWithWord(word: string): readonly number[] {
    return this.suppliersByWord.get(word) ?? [];
  }

  /** The suppliers a learned model knows by this key. */
  suppliersWithKey(key: string): readonly number[] {
    if (!this.suppliersByKey) {
      this.suppliersByKey = new Map();
      for (const [supplier, name] of this.supplierNames.entries()) {
        push(this.suppliersByKey, supplierKey(name), supplier);
      }
    }
    return this.suppliersByKey.get(key) ?? [];
  }

  private supplierOf(name: string | null | undefined): number {
    if (!name) return NO_SUPPLIER;
    const known = this.supplierNumbers.get(name);
    if (known !== undefined) return known;
    const supplier = this.supplierNames.length;
    const words = new Set(nameTokens(name));
    this.supplierNumbers.set(name, supplier);
    this.supplierNames.push(name);
    this.supplierWordCounts.push(words.size);
    for (const word of words) push(this.suppliersByWord, word, supplier);
    return supplier;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function bankText(transaction: Pick<MatchTransaction, 'text' | 'counterpartyName'>): string {
  return `${transaction.text} ${transaction.counterpartyName ?? ''}`;
}

/** What a bank text says about one supplier: how much of its name the text carries, and the history. */
interface SupplierEvidence {
  supplier: number;
  /** 0 to 1: the share of the words of the supplier's name found in the text. */
  nameShare: number;
  learned: LearnedAffinity | undefined;
  /** What the name and the history add to a score together. */
  bonus: number;
}

/** What a bank text says about the suppliers, worked out once per distinct text. */
interface TextProfile {
  evidence: SupplierEvidence[];
  /** The most the name and history of any one supplier add to a score. */
  bestBonus: number;
}

function amountAgreement(amount: number, voucherAmount: number): number {
  const difference = Math.abs(amount - voucherAmount);
  if (voucherAmount === 0 || difference > CLOSE_AMOUNT_ORE) return 0;
  if (difference === 0) return WEIGHTS.sameAmount;
  if (Math.round(voucherAmount / ORE_PER_KRONE) * ORE_PER_KRONE === amount) return WEIGHTS.roundedAmount;
  return WEIGHTS.closeAmount * (1 - difference / (CLOSE_AMOUNT_ORE + 1));
}

/** Scores are shown and compared in thousandths. */
function roundScore(score: number): number {
  return Math.min(1, Math.round(score * 1000) / 1000);
}

/**
 * One matching run over an index with one set of options. It scores a transaction's candidates cheaply,
 * keeping only the best few, and writes reasons for those alone; what it works out about a bank text is
 * kept for the next transaction with the same text.
 */
class MatchRun {
  private readonly settings: Required<Omit<MatchOptions, 'rejected' | 'learned'>>;
  private readonly rejected: ReadonlySet<string> | undefined;
  private readonly learned: LearnedModel | undefined;
  private readonly profiles = new Map<string, TextProfile>();
  /** Candidates kept per transaction: those shown, and at least two to tell whether the best is clear. */
  private readonly keep: number;
  /** Per supplier, the transaction that last marked it (by stamp) and where its evidence is. */
  private readonly supplierStamps: Int32Array;
  private readonly supplierSlots: Int32Array;
  private stamp = 0;

  // The transaction being matched.
  private transactionId = 0;
  private amount = 0;
  private day = Number.NaN;
  private kid: string | undefined;
  private reference: string | undefined;
  private profile: TextProfile = { evidence: [], bestBonus: 0 };

  // Its best candidates so far, best first.
  private readonly best: IndexedVoucher[] = [];
  private readonly bestScores: number[] = [];
  private bestCount = 0;

  constructor(
    private readonly index: VoucherIndex,
    options: MatchOptions,
  ) {
    const { rejected, learned, ...settings } = options;
    this.settings = { ...MATCH_DEFAULTS, ...settings };
    this.rejected = rejected && rejected.size > 0 ? rejected : undefined;
    this.learned = learned;
    this.keep = Math.max(this.settings.maxCandidates, 2);
    this.supplierStamps = new Int32Array(index.supplierCount);
    this.supplierSlots = new Int32Array(index.supplierCount);
  }

  decide(transaction: MatchTransaction): MatchDecision {
    this.begin(transaction);
    this.bestCount = 0;
    if (this.kid) for (const voucher of this.index.withKid(this.kid)) this.consider(voucher);
    if (this.reference) for (const voucher of this.index.withReference(this.reference)) this.consider(voucher);
    this.considerDated();
    this.considerUndated();

    const shown = Math.min(this.bestCount, this.settings.maxCandidates);
    const candidates: MatchCandidate[] = [];
    for (let rank = 0; rank < shown; rank += 1) candidates.push(this.candidate(this.best[rank] as IndexedVoucher));
    const first = this.bestScores[0] as number;
    const ambiguous = this.bestCount >= 2 && first - (this.bestScores[1] as number) < this.settings.margin;
    let outcome: MatchOutcome = 'none';
    if (this.bestCount > 0) outcome = first >= this.settings.autoConnectAt && !ambiguous ? 'connect' : 'suggest';
    return { transactionId: transaction.id, outcome, candidates, ambiguous };
  }

  /** Sets the transaction to score candidates against. */
  begin(transaction: MatchTransaction) {
    this.transactionId = transaction.id;
    this.amount = Math.abs(transaction.amountOre);
    this.day = dayNumber(transaction.date);
    this.kid = digitsOf(transaction.kid);
    this.reference = transaction.endToEndId ?? undefined;
    this.profile = this.profileOf(transaction);
    this.stamp += 1;
    for (const [slot, { supplier }] of this.profile.evidence.entries()) {
      this.supplierStamps[supplier] = this.stamp;
      this.supplierSlots[supplier] = slot;
    }
  }

  /** The voucher scored against the current transaction, with its reasons. */
  candidate(voucher: IndexedVoucher): MatchCandidate {
    const reasons: MatchReason[] = [];
    return { voucherId: voucher.id, score: this.score(voucher, reasons), reasons };
  }

  /**
   * Walks out from the transaction's day through the vouchers of each amount near its own, nearest day
   * first, until the window ends or not even a voucher of the best-named supplier could make the list.
   */
  private considerDated() {
    if (Number.isNaN(this.day)) return;
    const { dated } = this.index;
    const windowDays = this.settings.dateWindowDays;
    for (let position = dated.firstFrom(this.amount - CLOSE_AMOUNT_ORE); position < dated.size; position += 1) {
      const voucherAmount = dated.amountAt(position);
      if (voucherAmount > this.amount + CLOSE_AMOUNT_ORE) break;
      const atMostWithoutDate = amountAgreement(this.amount, voucherAmount) + this.profile.bestBonus;
      const vouchers = dated.vouchersAt(position);
      let after = firstOnOrAfter(vouchers, this.day);
      let before = after - 1;
      for (;;) {
        const afterDays =
          after < vouchers.length ? (vouchers[after] as IndexedVoucher).day - this.day : Number.POSITIVE_INFINITY;
        const beforeDays =
          before >= 0 ? this.day - (vouchers[before] as IndexedVoucher).day : Number.POSITIVE_INFINITY;
        const days = Math.min(afterDays, beforeDays);
        if (days > windowDays) break;
        if (roundScore(atMostWithoutDate + this.dateAgreement(days)) < this.lowestKeptScore()) break;
        if (afterDays <= beforeDays) {
          this.consider(vouchers[after] as IndexedVoucher);
          after += 1;
        } else {
          this.consider(vouchers[before] as IndexedVoucher);
          before -= 1;
        }
      }
    }
  }

  private considerUndated() {
    const { undated } = this.index;
    for (let position = undated.firstFrom(this.amount - CLOSE_AMOUNT_ORE); position < undated.size; position += 1) {
      if (undated.amountAt(position) > this.amount + CLOSE_AMOUNT_ORE) break;
      for (const voucher of undated.vouchersAt(position)) this.consider(voucher);
    }
  }

  /** The score a candidate must reach to be kept: a suggestion's, or that of the last kept when full. */
  private lowestKeptScore(): number {
    return this.bestCount < this.keep ? this.settings.suggestAt : (this.bestScores[this.keep - 1] as number);
  }

  /** Keeps the voucher among the best, in rank, when it scores well enough and was not rejected. */
  private consider(voucher: IndexedVoucher) {
    const score = this.score(voucher);
    if (score < this.lowestKeptScore()) return;
    let rank = this.bestCount;
    while (rank > 0 && this.ranksAbove(voucher, score, rank - 1)) rank -= 1;
    if (rank >= this.keep) return;
    for (let kept = 0; kept < this.bestCount; kept += 1) if (this.best[kept] === voucher) return;
    if (this.rejected?.has(`${this.transactionId}:${voucher.id}`)) return;
    const last = Math.min(this.bestCount, this.keep - 1);
    for (let moved = last; moved > rank; moved -= 1) {
      this.best[moved] = this.best[moved - 1] as IndexedVoucher;
      this.bestScores[moved] = this.bestScores[moved - 1] as number;
    }
    this.best[rank] = voucher;
    this.bestScores[rank] = score;
    this.bestCount = last + 1;
  }

  /** Higher score first; among equal scores the voucher due first, as the oldest open item is paid first. */
  private ranksAbove(voucher: IndexedVoucher, score: number, rank: number): boolean {
    const other = this.best[rank] as IndexedVoucher;
    const otherScore = this.bestScores[rank] as number;
    if (score !== otherScore) return score > otherScore;
    if (voucher.day !== other.day) return voucher.day < other.day || Number.isNaN(other.day);
    return voucher.id < other.id;
  }

  private dateAgreement(days: number): number {
    return WEIGHTS.date * (1 - days / (this.settings.dateWindowDays + 1));
  }

  /** How well the voucher explains the current transaction; with `reasons`, also why, for a person to check. */
  private score(voucher: IndexedVoucher, reasons?: MatchReason[]): number {
    let score = 0;
    if (this.reference !== undefined && voucher.paymentReference === this.reference) {
      score += WEIGHTS.paymentReference;
      reasons?.push({ code: 'SAME_PAYMENT_REFERENCE' });
    }
    if (this.kid !== undefined && voucher.kidDigits === this.kid) {
      score += WEIGHTS.kid;
      reasons?.push({ code: 'SAME_KID', kid: this.kid });
    }
    const amount = amountAgreement(this.amount, voucher.amount);
    if (amount > 0) {
      score += amount;
      const differenceOre = Math.abs(this.amount - voucher.amount);
      reasons?.push(differenceOre === 0 ? { code: 'SAME_AMOUNT' } : { code: 'AMOUNT_CLOSE', differenceOre });
    }
    const days = Math.abs(voucher.day - this.day);
    if (days <= this.settings.dateWindowDays) {
      score += this.dateAgreement(days);
      reasons?.push({ code: 'DAYS_APART', days });
    }
    const evidence = this.evidenceFor(voucher.supplier);
    if (evidence) {
      score += evidence.bonus;
      if (reasons) {
        const name = this.index.supplierName(evidence.supplier);
        if (evidence.nameShare > 0) reasons.push({ code: 'NAME_MATCHES', name });
        if (evidence.learned) {
          reasons.push({ code: 'LEARNED', name, confirmations: evidence.learned.confirmations });
        }
      }
    }
    return roundScore(score);
  }

  private evidenceFor(supplier: number): SupplierEvidence | undefined {
    if (supplier === NO_SUPPLIER || this.supplierStamps[supplier] !== this.stamp) return undefined;
    return this.profile.evidence[this.supplierSlots[supplier] as number];
  }

  private profileOf(transaction: MatchTransaction): TextProfile {
    // A profile depends only on the words of the bank text, which the text alone gives when there is no counterparty.
    const key = transaction.counterpartyName ? bankText(transaction) : transaction.text;
    let profile = this.profiles.get(key);
    if (!profile) {
      profile = this.profileOfText(bankText(transaction));
      this.profiles.set(key, profile);
    }
    return profile;
  }

  private profileOfText(text: string): TextProfile {
    const words = new Set(nameTokens(text));
    const wordsFound = new Map<number, number>();
    for (const word of words) {
      for (const supplier of this.index.suppliersWithWord(word)) {
        wordsFound.set(supplier, (wordsFound.get(supplier) ?? 0) + 1);
      }
    }
    const learned = this.learned ? this.learnedFor(this.learned, text, words) : new Map();
    const evidence: SupplierEvidence[] = [];
    let bestBonus = 0;
    for (const supplier of new Set([...wordsFound.keys(), ...learned.keys()])) {
      const nameShare = (wordsFound.get(supplier) ?? 0) / this.index.supplierWordCount(supplier);
      const history = learned.get(supplier);
      const bonus = WEIGHTS.name * nameShare + WEIGHTS.learned * (history?.affinity ?? 0);
      evidence.push({ supplier, nameShare, learned: history, bonus });
      bestBonus = Math.max(bestBonus, bonus);
    }
    return { evidence, bestBonus };
  }

  /** The suppliers the history ties to words of the text, and how strongly. */
  private learnedFor(model: LearnedModel, text: string, words: Set<string>): Map<number, LearnedAffinity> {
    const affinities = new Map<number, LearnedAffinity>();
    const keysSeen = new Set<string>();
    for (const word of words) {
      if (!Object.hasOwn(model.words, word)) continue;
      for (const key of Object.keys(model.words[word]?.suppliers ?? {})) {
        if (keysSeen.has(key)) continue;
        keysSeen.add(key);
        const suppliers = this.index.suppliersWithKey(key);
        const affinity = suppliers[0] === undefined ? undefined : learnedAffinity(model, text, this.index.supplierName(suppliers[0]));
        if (affinity) for (const supplier of suppliers) affinities.set(supplier, affinity);
      }
    }
    return affinities;
  }
}

/** How well one voucher explains one transaction, and why, in terms a person can check. */
export function scorePair(
  transaction: MatchTransaction,
  voucher: MatchVoucher,
  options: Pick<MatchOptions, 'dateWindowDays' | 'learned'> = {},
): MatchCandidate {
  const index = new VoucherIndex([voucher]);
  const run = new MatchRun(index, options);
  run.begin(transaction);
  return run.candidate(index.vouchers[0] as IndexedVoucher);
}

/** The ranked candidates of one transaction and what to do about them, before vouchers are shared out. */
export function decide(
  transaction: MatchTransaction,
  index: VoucherIndex,
  options: MatchOptions = {},
): MatchDecision {
  return new MatchRun(index, options).decide(transaction);
}

/** Whether the first decision has the better claim on the voucher both would connect. */
function outranks(decision: MatchDecision, other: MatchDecision): boolean {
  const score = decision.candidates[0]?.score ?? 0;
  const otherScore = other.candidates[0]?.score ?? 0;
  return score > otherScore || (score === otherScore && decision.transactionId < other.transactionId);
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
  const run = new MatchRun(index, options);
  const decisions = transactions.map((transaction) => run.decide(transaction));
  const holders = new Map<number, MatchDecision>();
  for (const decision of decisions) {
    const voucherId = decision.candidates[0]?.voucherId;
    if (decision.outcome !== 'connect' || voucherId === undefined) continue;
    const holder = holders.get(voucherId);
    if (holder === undefined) {
      holders.set(voucherId, decision);
    } else if (outranks(decision, holder)) {
      holder.outcome = 'suggest';
      holders.set(voucherId, decision);
    } else {
      decision.outcome = 'suggest';
    }
  }
  return decisions;
}
