/**
 * The vouchers laid out once for matching: their fields in typed arrays, the dated ones by amount and
 * day, all by KID and payment reference, and their suppliers by the words of their names.
 */

import { supplierKey } from './learn';
import type { MatchReason, MatchVoucher } from './match.types';
import { nameTokens } from './tokens';

/** No voucher, or no supplier. */
export const NONE = -1;
/** An amount with more vouchers than this has them by supplier too, so they need not all be walked. */
const CROWDED_AMOUNT = 16;

/**
 * Days since 1970-01-01 of a date written YYYY-MM-DD (anything after is ignored), NaN when it is not one.
 * Counted from the digits (the days-from-civil algorithm), as parsing dates would cost much of a match.
 */
export function dayNumber(isoDate: string): number {
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

export function digitsOf(kid: string | null | undefined): string | undefined {
  if (!kid) return undefined;
  const digits = KID_CHARACTERS.test(kid) ? kid : kid.replace(NOT_KID_CHARACTER, '');
  return digits.length >= 2 ? digits : undefined;
}

/** The first position from `from` up to `to` whose value is at or above `value`, in ascending values. */
export function firstAtLeast(sorted: Float64Array, value: number, from = 0, to = sorted.length): number {
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
export interface VoucherColumns {
  ids: Float64Array;
  /** Øre, without sign; 0 when unknown. */
  amounts: Float64Array;
  /** The day it is expected to be paid, its due date or else its date, as a day number; NaN when undated. */
  days: Float64Array;
  /** The number of its supplier in the index, or NONE. */
  suppliers: Int32Array;
}

/** Vouchers in stretches sorted by day, with their days alongside in a compact array to search and walk. */
export interface DayOrdered {
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
