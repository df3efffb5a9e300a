/** Scoring: how well each candidate voucher explains a transaction, and which are kept. */

import { type LearnedAffinity, type LearnedModel, learnedAffinity } from './learn';
import {
  MATCH_DEFAULTS,
  type MatchCandidate,
  type MatchDecision,
  type MatchOptions,
  type MatchOutcome,
  type MatchReason,
  type MatchTransaction,
} from './match.types';
import { nameTokens } from './tokens';
import {
  type DayOrdered,
  dayNumber,
  digitsOf,
  firstAtLeast,
  NONE,
  type VoucherColumns,
  type VoucherIndex,
} from './voucher-index';

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
export class MatchRun {
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

/** Whether the first decision has the better claim on the voucher both would connect. */
function outranks(decision: MatchDecision, other: MatchDecision): boolean {
  const score = decision.candidates[0]?.score ?? 0;
  const otherScore = other.candidates[0]?.score ?? 0;
  return score > otherScore || (score === otherScore && decision.transactionId < other.transactionId);
}
