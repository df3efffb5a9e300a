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
/** The day of a transaction whose date cannot be read: further from every voucher than any window. */
const UNREADABLE_DAY = 1e9;
/** No voucher, or no supplier. */
const NONE = -1;
/** An amount with more vouchers than this has them by supplier too, so they need not all be walked. */
const CROWDED_AMOUNT = 16;

/**
 * Days since 1970-01-01 of a date written YYYY-MM-DD (anything after is ignored), NaN when it is not one.
 * Counted from the digits (the days-from-civil algorithm), as parsing dates would cost much of a match.
 */
function dayNumber(isoDate: string): number {
  if (isoDate.length < 10 || isoDate[4] !== '-' || isoDate[7] !== '-') return Number.NaN;
  const year = digitsValue(isoDate, 0, 4);
  const month = digitsValue(isoDate, 5, 7);
  const day = digitsValue(isoDate, 8, 10);
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN;
  // Years counted from March, so the leap day ends a year; eras are the 400 years after which days repeat.
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
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

/** The first position from `from` up to `to` whose value is at or above `value`, in ascending values. */
function firstAtLeast(sorted: Float64Array, value: number, from = 0, to = sorted.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * What the index keeps of each voucher, worked out once: one array per field, each voucher at its
 * ordinal (its position in the order given), so nothing is allocated per voucher.
 */
interface VoucherColumns {
  ids: Float64Array;
  /** Øre, without sign; 0 when unknown. */
  amounts: Float64Array;
  /** The day it is expected to be paid, its due date or else its date, as a day number; NaN when undated. */
  days: Float64Array;
  /** The number of its supplier in the index, or NONE. */
  suppliers: Int32Array;
}

/** Vouchers in stretches sorted by day, with their days alongside in a compact array to search and walk. */
interface DayOrdered {
  ordinals: Int32Array;
  days: Float64Array;
}

function dayOrdered(ordinals: Int32Array, { days }: VoucherColumns): DayOrdered {
  return { ordinals, days: valuesAt(days, ordinals) };
}

/** The ordinals, below `size`, of the vouchers that pass. */
function ordinalsWhere(size: number, passes: (ordinal: number) => boolean): Int32Array {
  let count = 0;
  for (let ordinal = 0; ordinal < size; ordinal += 1) if (passes(ordinal)) count += 1;
  const ordinals = new Int32Array(count);
  count = 0;
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    if (passes(ordinal)) {
      ordinals[count] = ordinal;
      count += 1;
    }
  }
  return ordinals;
}

/** The values of a column at the ordinals given, in their order. */
function valuesAt(column: Float64Array, ordinals: Int32Array): Float64Array {
  const values = new Float64Array(ordinals.length);
  for (let position = 0; position < ordinals.length; position += 1) {
    values[position] = column[ordinals[position] as number] as number;
  }
  return values;
}

/** Where one supplier's vouchers of a crowded amount are in `DatedVouchers.bySupplier`. */
interface Stretch {
  from: number;
  to: number;
}

/**
 * The dated vouchers by amount, amounts ascending so those near one are a stretch, and each amount's
 * vouchers by day. The vouchers of an amount shared by many are there again by supplier, so a walk
 * through them can keep to the suppliers a bank text names.
 */
class DatedVouchers {
  private readonly amounts: Float64Array;
  /** The vouchers of amounts[i] are those from starts[i] up to starts[i + 1] in `byAmount`. */
  private readonly starts: Int32Array;
  readonly byAmount: DayOrdered;
  readonly bySupplier: DayOrdered;
  /** Per position of a crowded amount, where each supplier's vouchers of it are. */
  private readonly supplierStretches = new Map<number, Map<number, Stretch>>();

  constructor(columns: VoucherColumns) {
    const { ids, amounts, days, suppliers } = columns;
    const byDay = (a: number, b: number) =>
      (days[a] as number) - (days[b] as number) || (ids[a] as number) - (ids[b] as number);
    const inAmountOrder = ordinalsWhere(
      amounts.length,
      (ordinal) => amounts[ordinal] !== 0 && !Number.isNaN(days[ordinal]),
    ).sort((a, b) => (amounts[a] as number) - (amounts[b] as number) || byDay(a, b));
    const starts = new Int32Array(inAmountOrder.length + 1);
    let distinct = 0;
    let previousAmount = Number.NaN;
    for (let position = 0; position < inAmountOrder.length; position += 1) {
      const amount = amounts[inAmountOrder[position] as number] as number;
      if (amount !== previousAmount) {
        starts[distinct] = position;
        distinct += 1;
        previousAmount = amount;
      }
    }
    starts[distinct] = inAmountOrder.length;
    this.starts = starts.subarray(0, distinct + 1);
    this.amounts = new Float64Array(distinct);
    for (let position = 0; position < distinct; position += 1) {
      this.amounts[position] = amounts[inAmountOrder[starts[position] as number] as number] as number;
    }

    const inSupplierOrder: number[] = [];
    for (let position = 0; position < distinct; position += 1) {
      const from = starts[position] as number;
      const to = starts[position + 1] as number;
      if (to - from <= CROWDED_AMOUNT) continue;
      const bySupplier = inAmountOrder
        .slice(from, to)
        .sort((a, b) => (suppliers[a] as number) - (suppliers[b] as number) || byDay(a, b));
      const stretches = new Map<number, Stretch>();
      for (let at = 0; at < bySupplier.length; ) {
        const supplier = suppliers[bySupplier[at] as number] as number;
        const stretch = { from: inSupplierOrder.length, to: inSupplierOrder.length };
        for (; at < bySupplier.length && suppliers[bySupplier[at] as number] === supplier; at += 1) {
          inSupplierOrder.push(bySupplier[at] as number);
          stretch.to += 1;
        }
        stretches.set(supplier, stretch);
      }
      this.supplierStretches.set(position, stretches);
    }
    this.byAmount = dayOrdered(inAmountOrder, columns);
    this.bySupplier = dayOrdered(Int32Array.from(inSupplierOrder), columns);
  }

  get size(): number {
    return this.amounts.length;
  }

  /** The position of the first amount at or above `amount`. */
  firstFrom(amount: number): number {
    return firstAtLeast(this.amounts, amount);
  }

  amountAt(position: number): number {
    return this.amounts[position] as number;
  }

  /** Where the vouchers of the amount at `position` start in `byAmount`; they end where the next start. */
  startOf(position: number): number {
    return this.starts[position] as number;
  }

  /** Where each supplier's vouchers of the amount at `position` are, when the amount is crowded. */
  supplierStretchesAt(position: number): ReadonlyMap<number, Stretch> | undefined {
    const crowded = this.startOf(position + 1) - this.startOf(position) > CROWDED_AMOUNT;
    return crowded ? this.supplierStretches.get(position) : undefined;
  }
}

/** The undated vouchers by amount, ascending. */
class UndatedVouchers {
  readonly ordinals: Int32Array;
  private readonly amounts: Float64Array;

  constructor({ amounts, days }: VoucherColumns) {
    this.ordinals = ordinalsWhere(
      amounts.length,
      (ordinal) => amounts[ordinal] !== 0 && Number.isNaN(days[ordinal]),
    ).sort((a, b) => (amounts[a] as number) - (amounts[b] as number));
    this.amounts = valuesAt(amounts, this.ordinals);
  }

  get size(): number {
    return this.ordinals.length;
  }

  /** The position of the first voucher of `amount` or more. */
  firstFrom(amount: number): number {
    return firstAtLeast(this.amounts, amount);
  }

  amountAt(position: number): number {
    return this.amounts[position] as number;
  }
}

/**
 * Vouchers by a key they may share, a KID or a payment reference: per key the last voucher added, each
 * chained to the one added before it with the same key. The keys are hashed into a table of ordinals, as a
 * Map of strings costs more to fill and to ask than all the rest of matching a transaction by its KID.
 */
class Chains {
  /** Per slot, 1 + the ordinal of the last voucher added with a key hashed there, or 0 when empty. */
  private slots: Int32Array | undefined;
  private readonly keys: (string | undefined)[];
  private readonly previous: Int32Array;

  /** `size`: how many vouchers there are, or 0 when none has a key. */
  constructor(private readonly size: number) {
    this.keys = new Array(size);
    this.previous = new Int32Array(size);
  }

  add(key: string, ordinal: number) {
    // At most half the slots are taken, so a search soon meets the key or an empty slot.
    this.slots ??= new Int32Array(2 ** Math.ceil(Math.log2(2 * this.size)));
    const slot = this.slotOf(this.slots, key);
    this.previous[ordinal] = (this.slots[slot] as number) - 1;
    this.slots[slot] = ordinal + 1;
    this.keys[ordinal] = key;
  }

  /** The last voucher added with the key, or NONE. */
  firstWith(key: string): number {
    return this.slots ? (this.slots[this.slotOf(this.slots, key)] as number) - 1 : NONE;
  }

  /** The voucher added before this one with the same key, or NONE. */
  nextAfter(ordinal: number): number {
    return this.previous[ordinal] as number;
  }

  /** Whether the voucher is in the chain that starts at `first`, that is, has its key. */
  chains(first: number, ordinal: number): boolean {
    for (let each = first; each !== NONE; each = this.nextAfter(each)) if (each === ordinal) return true;
    return false;
  }

  /** The slot holding the key, or the empty slot where it would go. */
  private slotOf(slots: Int32Array, key: string): number {
    const mask = slots.length - 1;
    for (let slot = fnv1a(key) & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot] as number;
      if (held === 0 || this.keys[held - 1] === key) return slot;
    }
  }
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < text.length; position += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(position), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The vouchers arranged for lookups by KID, payment reference and amount (dated ones by the day they are
 * expected paid), and their suppliers by the words of their names, so a transaction meets only the
 * vouchers that could explain it however many there are. Built once, it serves any number of matchings;
 * its parts are read by them, not meant for use elsewhere.
 */
export class VoucherIndex {
  /** How many vouchers: each is known by its ordinal, its position in the order given. */
  readonly size: number;
  readonly columns: VoucherColumns;
  readonly dated: DatedVouchers;
  readonly undated: UndatedVouchers;
  readonly byKid: Chains;
  readonly byReference: Chains;
  private readonly supplierNumbers = new Map<string, number>();
  private readonly supplierNames: string[] = [];
  private readonly supplierWordCounts: number[] = [];
  private readonly suppliersByWord = new Map<string, number[]>();
  /** NAME_MATCHES per supplier, made as first needed. */
  private readonly nameReasons: MatchReason[] = [];
  /** Built on first use, as only matching with a learned model needs it. */
  private suppliersByKey: Map<string, number[]> | undefined;

  constructor(vouchers: Iterable<MatchVoucher>) {
    const list = Array.isArray(vouchers) ? (vouchers as readonly MatchVoucher[]) : [...vouchers];
    this.size = list.length;
    this.columns = {
      ids: new Float64Array(this.size),
      amounts: new Float64Array(this.size),
      days: new Float64Array(this.size),
      suppliers: new Int32Array(this.size),
    };
    // Chains are sized for every voucher only when some voucher has the key: most have no payment reference.
    this.byKid = new Chains(list.some((voucher) => voucher.kid) ? this.size : 0);
    this.byReference = new Chains(list.some((voucher) => voucher.paymentReference) ? this.size : 0);
    const { ids, amounts, days, suppliers } = this.columns;
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      const voucher = list[ordinal] as MatchVoucher;
      const dueDay = voucher.dueDate ? dayNumber(voucher.dueDate) : Number.NaN;
      ids[ordinal] = voucher.id;
      amounts[ordinal] = Math.abs(voucher.amountOre ?? 0);
      days[ordinal] = Number.isNaN(dueDay) && voucher.date ? dayNumber(voucher.date) : dueDay;
      suppliers[ordinal] = this.supplierOf(voucher.supplierName);
      const kid = digitsOf(voucher.kid);
      if (kid) this.byKid.add(kid, ordinal);
      if (voucher.paymentReference) this.byReference.add(voucher.paymentReference, ordinal);
    }
    this.dated = new DatedVouchers(this.columns);
    this.undated = new UndatedVouchers(this.columns);
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
      for (let supplier = 0; supplier < this.supplierNames.length; supplier += 1) {
        push(this.suppliersByKey, supplierKey(this.supplierName(supplier)), supplier);
      }
    }
    return this.suppliersByKey.get(key) ?? [];
  }

  nameMatches(supplier: number): MatchReason {
    const known = this.nameReasons[supplier];
    if (known) return known;
    const reason: MatchReason = Object.freeze({ code: 'NAME_MATCHES', name: this.supplierName(supplier) });
    this.nameReasons[supplier] = reason;
    return reason;
  }

  private supplierOf(name: string | null | undefined): number {
    if (!name) return NONE;
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

/** What a bank text says about one supplier. */
interface SupplierEvidence {
  supplier: number;
  /** What the supplier's name in the text and the history add to a score together. */
  bonus: number;
  /** Whether the text carries words of the supplier's name. */
  named: boolean;
  /** What the history says, when it says anything. */
  learned: MatchReason | undefined;
}

/**
 * What a bank text says about the suppliers whose names it carries words of or the history ties it
 * to, worked out once per distinct text.
 */
interface TextProfile {
  /** Most telling first. */
  evidence: SupplierEvidence[];
  /**
   * How many suppliers, from the first, the text tells nearly as well as the best (by at least half its
   * bonus): in a crowded amount, their vouchers are walked on their own.
   */
  foremost: number;
  bySupplier: Map<number, SupplierEvidence>;
}

const EMPTY_PROFILE: TextProfile = { evidence: [], foremost: 0, bySupplier: new Map() };

function amountAgreement(amount: number, voucherAmount: number): number {
  const difference = Math.abs(amount - voucherAmount);
  if (voucherAmount === 0 || difference > CLOSE_AMOUNT_ORE) return 0;
  if (difference === 0) return WEIGHTS.sameAmount;
  if (Math.round(voucherAmount / ORE_PER_KRONE) * ORE_PER_KRONE === amount) return WEIGHTS.roundedAmount;
  return WEIGHTS.closeAmount * (1 - difference / (CLOSE_AMOUNT_ORE + 1));
}

const SAME_PAYMENT_REFERENCE: MatchReason = Object.freeze({ code: 'SAME_PAYMENT_REFERENCE' });
const SAME_AMOUNT: MatchReason = Object.freeze({ code: 'SAME_AMOUNT' });

/** Scores are shown and compared in thousandths. */
function roundScore(score: number): number {
  return thousandthsOf(score) / 1000;
}

/**
 * A score in whole thousandths, as it is passed around inside a run. Made a 32-bit integer (`| 0`), as
 * V8 boxes a fractional-typed number, even a whole one, each time it is passed to a function.
 */
function thousandthsOf(score: number): number {
  return Math.min(1000, Math.round(score * 1000)) | 0;
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
  private readonly columns: VoucherColumns;
  private readonly profiles = new Map<string, TextProfile>();
  /** Candidates kept per transaction: those shown, and at least two to tell whether the best is clear. */
  private readonly keep: number;
  /** A candidate's reasons are gathered here, then copied into a list of their number. */
  private readonly reasons: MatchReason[] = [];
  private reasonCount = 0;
  /** DAYS_APART by days, made as first needed. */
  private readonly daysApart: MatchReason[] = [];

  // The transaction being matched.
  private transactionId = 0;
  private amount = 0;
  /** Its day number, or UNREADABLE_DAY: kept a whole number, which costs nothing to pass around. */
  private day = UNREADABLE_DAY;
  private kid: string | undefined;
  /** The first voucher with its KID, or NONE. */
  private firstWithKid = NONE;
  /** The first voucher paid with its end-to-end id, or NONE. */
  private firstWithReference = NONE;
  private profile = EMPTY_PROFILE;

  // Its best candidates so far, best first, by ordinal, and their scores in thousandths.
  private readonly best: Int32Array;
  private readonly bestThousandths: Int32Array;
  private bestCount = 0;

  constructor(
    private readonly index: VoucherIndex,
    options: MatchOptions,
  ) {
    const { rejected, learned, ...settings } = options;
    this.settings = { ...MATCH_DEFAULTS, ...settings };
    this.rejected = rejected && rejected.size > 0 ? rejected : undefined;
    this.learned = learned;
    this.columns = index.columns;
    this.keep = Math.max(this.settings.maxCandidates, 2);
    this.best = new Int32Array(this.keep);
    this.bestThousandths = new Int32Array(this.keep);
  }

  /**
   * Decides every transaction, then shares the vouchers out: where two would connect the same voucher,
   * the better-scored keeps it and the other is only suggested.
   */
  matchAll(transactions: readonly MatchTransaction[]): MatchDecision[] {
    const decisions: MatchDecision[] = new Array(transactions.length);
    /** By voucher ordinal, the position of the decision connecting the voucher so far, or NONE. */
    const holders = new Int32Array(this.index.size).fill(NONE);
    for (let position = 0; position < transactions.length; position += 1) {
      const decision = this.decide(transactions[position] as MatchTransaction);
      decisions[position] = decision;
      if (decision.outcome !== 'connect') continue;
      const ordinal = this.best[0] as number;
      const holding = holders[ordinal] as number;
      if (holding === NONE) {
        holders[ordinal] = position;
        continue;
      }
      const holder = decisions[holding] as MatchDecision;
      if (outranks(decision, holder)) {
        holder.outcome = 'suggest';
        holders[ordinal] = position;
      } else {
        decision.outcome = 'suggest';
      }
    }
    return decisions;
  }

  decide(transaction: MatchTransaction): MatchDecision {
    this.begin(transaction);
    this.bestCount = 0;
    const { byKid, byReference } = this.index;
    for (let ordinal = this.firstWithKid; ordinal !== NONE; ordinal = byKid.nextAfter(ordinal)) {
      this.consider(ordinal);
    }
    for (let ordinal = this.firstWithReference; ordinal !== NONE; ordinal = byReference.nextAfter(ordinal)) {
      this.consider(ordinal);
    }
    if (Number.isFinite(this.amount)) {
      this.considerDated();
      this.considerUndated();
    }

    const shown = Math.min(this.bestCount, this.settings.maxCandidates);
    const candidates = new Array<MatchCandidate>(shown);
    for (let rank = 0; rank < shown; rank += 1) candidates[rank] = this.candidate(this.best[rank] as number);
    const first = (this.bestThousandths[0] as number) / 1000;
    const second = (this.bestThousandths[1] as number) / 1000;
    const ambiguous = this.bestCount >= 2 && first - second < this.settings.margin;
    const connects = first >= this.settings.autoConnectAt && !ambiguous;
    const outcome: MatchOutcome = this.bestCount === 0 ? 'none' : connects ? 'connect' : 'suggest';
    return { transactionId: transaction.id, outcome, candidates, ambiguous };
  }

  /** Sets the transaction to score candidates against. */
  begin(transaction: MatchTransaction) {
    this.transactionId = transaction.id;
    this.amount = Math.abs(transaction.amountOre);
    const day = transaction.date ? dayNumber(transaction.date) : Number.NaN;
    this.day = Number.isNaN(day) ? UNREADABLE_DAY : day;
    this.kid = digitsOf(transaction.kid);
    this.firstWithKid = this.kid ? this.index.byKid.firstWith(this.kid) : NONE;
    this.firstWithReference = transaction.endToEndId
      ? this.index.byReference.firstWith(transaction.endToEndId)
      : NONE;
    this.profile = this.profileOf(transaction);
  }

  /** The voucher scored against the current transaction, with its reasons. */
  candidate(ordinal: number): MatchCandidate {
    this.reasonCount = 0;
    const score = this.thousandths(ordinal, true) / 1000;
    const reasons = new Array<MatchReason>(this.reasonCount);
    for (let reason = 0; reason < this.reasonCount; reason += 1) {
      reasons[reason] = this.reasons[reason] as MatchReason;
    }
    return { voucherId: this.columns.ids[ordinal] as number, score, reasons };
  }

  /**
   * The dated vouchers of each amount near the transaction's, nearest day first. In a crowded amount,
   * where the vouchers of one day may outnumber those kept, the suppliers the text names best are walked
   * one by one, then all the amount's vouchers only while one named no better than the rest could be kept.
   */
  private considerDated() {
    if (this.day === UNREADABLE_DAY) return;
    const { dated } = this.index;
    const { evidence, foremost } = this.profile;
    for (
      let position = dated.firstFrom(this.amount - CLOSE_AMOUNT_ORE);
      position < dated.size;
      position += 1
    ) {
      const voucherAmount = dated.amountAt(position);
      if (voucherAmount > this.amount + CLOSE_AMOUNT_ORE) break;
      const stretches = dated.supplierStretchesAt(position);
      if (!stretches) {
        this.walk(dated.byAmount, dated.startOf(position), dated.startOf(position + 1), voucherAmount, 0);
        continue;
      }
      for (let slot = 0; slot < foremost; slot += 1) {
        const stretch = stretches.get((evidence[slot] as SupplierEvidence).supplier);
        if (stretch) this.walk(dated.bySupplier, stretch.from, stretch.to, voucherAmount, slot);
      }
      this.walk(
        dated.byAmount,
        dated.startOf(position),
        dated.startOf(position + 1),
        voucherAmount,
        foremost,
      );
    }
  }

  /**
   * Walks out from the transaction's day through vouchers from `from` up to `to`, all of `voucherAmount`
   * and sorted by day, until the window ends or none could be kept: not even one of the supplier at
   * `slot` among the text's evidence, the best named but for any walked on their own.
   */
  private walk(
    { ordinals, days }: DayOrdered,
    from: number,
    to: number,
    voucherAmount: number,
    slot: number,
  ) {
    const amountScore = amountAgreement(this.amount, voucherAmount);
    const bonusAtMost = this.profile.evidence[slot]?.bonus ?? 0;
    if (roundScore(amountScore + WEIGHTS.date + bonusAtMost) < this.lowestKeptScore()) return;
    let after = firstAtLeast(days, this.day, from, to);
    let before = after - 1;
    for (;;) {
      const afterDays = after < to ? (days[after] as number) - this.day : Number.POSITIVE_INFINITY;
      const beforeDays = before >= from ? this.day - (days[before] as number) : Number.POSITIVE_INFINITY;
      const distance = Math.min(afterDays, beforeDays);
      if (distance > this.settings.dateWindowDays) return;
      const dateScore = this.dateAgreement(distance);
      const lowest = this.lowestKeptScore();
      if (roundScore(amountScore + dateScore + bonusAtMost) < lowest) return;
      let ordinal: number;
      if (afterDays <= beforeDays) {
        ordinal = ordinals[after] as number;
        after += 1;
      } else {
        ordinal = ordinals[before] as number;
        before -= 1;
      }
      // Its score but for KID and payment reference: vouchers with those were considered first, with them.
      const evidence = this.profile.bySupplier.get(this.columns.suppliers[ordinal] as number);
      const thousandths = thousandthsOf(amountScore + dateScore + (evidence ? evidence.bonus : 0));
      if (thousandths / 1000 >= lowest) this.keepRanked(ordinal, thousandths);
    }
  }

  private considerUndated() {
    const { undated } = this.index;
    for (
      let position = undated.firstFrom(this.amount - CLOSE_AMOUNT_ORE);
      position < undated.size;
      position += 1
    ) {
      if (undated.amountAt(position) > this.amount + CLOSE_AMOUNT_ORE) return;
      this.consider(undated.ordinals[position] as number);
    }
  }

  /** The score a candidate must reach to be kept: a suggestion's, or that of the last kept when full. */
  private lowestKeptScore(): number {
    return this.bestCount < this.keep
      ? this.settings.suggestAt
      : (this.bestThousandths[this.keep - 1] as number) / 1000;
  }

  private consider(ordinal: number) {
    const thousandths = this.thousandths(ordinal);
    if (thousandths / 1000 >= this.lowestKeptScore()) this.keepRanked(ordinal, thousandths);
  }

  /** Keeps the voucher among the best, in rank, unless better ones fill the list or it was rejected. */
  private keepRanked(ordinal: number, thousandths: number) {
    let rank = this.bestCount;
    while (rank > 0 && this.ranksAbove(ordinal, thousandths, rank - 1)) rank -= 1;
    if (rank >= this.keep) return;
    for (let kept = 0; kept < this.bestCount; kept += 1) if (this.best[kept] === ordinal) return;
    if (this.rejected?.has(`${this.transactionId}:${this.columns.ids[ordinal]}`)) return;
    const last = Math.min(this.bestCount, this.keep - 1);
    for (let moved = last; moved > rank; moved -= 1) {
      this.best[moved] = this.best[moved - 1] as number;
      this.bestThousandths[moved] = this.bestThousandths[moved - 1] as number;
    }
    this.best[rank] = ordinal;
    this.bestThousandths[rank] = thousandths;
    this.bestCount = last + 1;
  }

  /** Higher score first; among equal scores the voucher due first, as the oldest open item is paid first. */
  private ranksAbove(ordinal: number, thousandths: number, rank: number): boolean {
    const otherThousandths = this.bestThousandths[rank] as number;
    if (thousandths !== otherThousandths) return thousandths > otherThousandths;
    const { days, ids } = this.columns;
    const other = this.best[rank] as number;
    const day = days[ordinal] as number;
    const otherDay = days[other] as number;
    if (day !== otherDay) return day < otherDay || Number.isNaN(otherDay);
    return (ids[ordinal] as number) < (ids[other] as number);
  }

  private dateAgreement(days: number): number {
    return WEIGHTS.date * (1 - days / (this.settings.dateWindowDays + 1));
  }

  /**
   * How well the voucher explains the current transaction, in thousandths; when explaining, also why, in
   * terms a person can check.
   */
  private thousandths(ordinal: number, explain = false): number {
    const { amounts, days, suppliers } = this.columns;
    let score = 0;
    if (this.index.byReference.chains(this.firstWithReference, ordinal)) {
      score += WEIGHTS.paymentReference;
      if (explain) this.explain(SAME_PAYMENT_REFERENCE);
    }
    if (this.index.byKid.chains(this.firstWithKid, ordinal)) {
      score += WEIGHTS.kid;
      if (explain) this.explain({ code: 'SAME_KID', kid: this.kid as string });
    }
    const voucherAmount = amounts[ordinal] as number;
    const amount = amountAgreement(this.amount, voucherAmount);
    if (amount > 0) {
      score += amount;
      const differenceOre = Math.abs(this.amount - voucherAmount);
      if (explain) {
        this.explain(differenceOre === 0 ? SAME_AMOUNT : { code: 'AMOUNT_CLOSE', differenceOre });
      }
    }
    const daysApart = Math.abs((days[ordinal] as number) - this.day);
    if (daysApart <= this.settings.dateWindowDays) {
      score += this.dateAgreement(daysApart);
      if (explain) this.explain(this.daysApartReason(daysApart));
    }
    const evidence = this.profile.bySupplier.get(suppliers[ordinal] as number);
    if (evidence) {
      score += evidence.bonus;
      if (explain && evidence.named) this.explain(this.index.nameMatches(evidence.supplier));
      if (explain && evidence.learned) this.explain(evidence.learned);
    }
    return thousandthsOf(score);
  }

  private daysApartReason(days: number): MatchReason {
    const known = this.daysApart[days];
    if (known) return known;
    const reason: MatchReason = Object.freeze({ code: 'DAYS_APART', days });
    this.daysApart[days] = reason;
    return reason;
  }

  private explain(reason: MatchReason) {
    this.reasons[this.reasonCount] = reason;
    this.reasonCount += 1;
  }

  private profileOf(transaction: MatchTransaction): TextProfile {
    // A profile depends only on the words of the bank text, which the text alone gives when there is no
    // counterparty.
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
    const learned = this.learned ? this.learnedFor(this.learned, text, words) : undefined;
    const evidence: SupplierEvidence[] = [];
    const addEvidence = (supplier: number, found: number, history: LearnedAffinity | undefined) => {
      // The more of the supplier's name the bank text carries, the surer: "Ruter Bodø" is not "Posten Bodø".
      const nameShare = found / this.index.supplierWordCount(supplier);
      evidence.push({
        supplier,
        bonus: WEIGHTS.name * nameShare + WEIGHTS.learned * (history?.affinity ?? 0),
        named: found > 0,
        learned:
          history &&
          Object.freeze({
            code: 'LEARNED',
            name: this.index.supplierName(supplier),
            confirmations: history.confirmations,
          }),
      });
    };
    for (const [supplier, found] of wordsFound) addEvidence(supplier, found, learned?.get(supplier));
    for (const [supplier, history] of learned ?? []) {
      if (!wordsFound.has(supplier)) addEvidence(supplier, 0, history);
    }
    evidence.sort((a, b) => b.bonus - a.bonus);
    const bestBonus = evidence[0]?.bonus ?? 0;
    return {
      evidence,
      foremost: evidence.filter(({ bonus }) => bonus * 2 >= bestBonus).length,
      bySupplier: new Map(evidence.map((each) => [each.supplier, each])),
    };
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
        const affinity =
          suppliers[0] === undefined
            ? undefined
            : learnedAffinity(model, text, this.index.supplierName(suppliers[0]));
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
  return new MatchRun(index, options).matchAll(transactions);
}
