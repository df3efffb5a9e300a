import { BankTransactionStatus, type RuleAction, type RuleEffect } from '@bilag/contracts';
import type { OpenTransaction, OpenVoucher } from './open-item.repository';

const DAY_MS = 86_400_000;
/** A rule connecting by amount only takes a voucher dated this close to the transaction. */
const AMOUNT_WINDOW_DAYS = 45;

export type PlannedChange = Omit<RuleEffect['Changes'][number], 'kind' | 'status'> & {
  kind: RuleAction['kind'];
  status: BankTransactionStatus | null;
};

function dayOf(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
}

function kidDigits(kid: string | null): string {
  return (kid ?? '').replace(/\D/g, '');
}

/**
 * The open vouchers a run may still hand out. A voucher taken by one transaction is not offered to the
 * next, so a rule never connects one voucher twice.
 */
export class VoucherPool {
  private readonly byKid = new Map<string, OpenVoucher[]>();
  private readonly byAmount = new Map<number, OpenVoucher[]>();
  private readonly taken = new Set<number>();

  constructor(vouchers: readonly OpenVoucher[]) {
    for (const voucher of vouchers) {
      const kid = kidDigits(voucher.kid);
      if (kid) this.add(this.byKid, kid, voucher);
      if (voucher.amountOre !== null) this.add(this.byAmount, Math.abs(voucher.amountOre), voucher);
    }
  }

  private add<K>(map: Map<K, OpenVoucher[]>, key: K, voucher: OpenVoucher) {
    const list = map.get(key);
    if (list) list.push(voucher);
    else map.set(key, [voucher]);
  }

  take(voucherId: number) {
    this.taken.add(voucherId);
  }

  isTaken(voucherId: number) {
    return this.taken.has(voucherId);
  }

  takenCount() {
    return this.taken.size;
  }

  /** The one open voucher with this KID; none when there are several. */
  soleByKid(kid: string | null): OpenVoucher | undefined {
    const digits = kidDigits(kid);
    if (!digits) return undefined;
    const open = (this.byKid.get(digits) ?? []).filter((voucher) => !this.taken.has(voucher.id));
    return open.length === 1 ? open[0] : undefined;
  }

  /** The open voucher of this amount dated nearest the transaction; none when two are equally near. */
  nearestByAmount(amountOre: number, date: string): OpenVoucher | undefined {
    const day = dayOf(date);
    let best: OpenVoucher | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    let tied = false;
    for (const voucher of this.byAmount.get(Math.abs(amountOre)) ?? []) {
      if (this.taken.has(voucher.id)) continue;
      const days = [voucher.date, voucher.dueDate].filter((each): each is string => !!each).map(dayOf);
      const distance =
        days.length > 0 ? Math.min(...days.map((each) => Math.abs(each - day))) : AMOUNT_WINDOW_DAYS;
      if (distance > AMOUNT_WINDOW_DAYS) continue;
      if (distance < bestDistance) {
        best = voucher;
        bestDistance = distance;
        tied = false;
      } else if (distance === bestDistance) {
        tied = true;
      }
    }
    return tied ? undefined : best;
  }
}

/** What a rule's actions would do to one transaction, taking the vouchers it connects from the pool. */
export function planRule(
  actions: readonly RuleAction[],
  transaction: OpenTransaction,
  pool: VoucherPool,
): PlannedChange[] {
  let connected = false;
  return actions.map((action): PlannedChange => {
    const change: PlannedChange = {
      kind: action.kind,
      voucherId: null,
      status: null,
      text: null,
      isSkipped: false,
    };
    switch (action.kind) {
      case 'connect': {
        const voucher = connected
          ? undefined
          : action.by === 'kid'
            ? pool.soleByKid(transaction.kid)
            : pool.nearestByAmount(transaction.amountOre, transaction.date);
        if (!voucher) return { ...change, isSkipped: true };
        pool.take(voucher.id);
        connected = true;
        return { ...change, voucherId: voucher.id };
      }
      case 'setStatus':
        return { ...change, status: action.status };
      case 'markPrivate':
        return { ...change, status: BankTransactionStatus.PRIVATE };
      case 'setNote':
        return { ...change, text: action.note, isSkipped: transaction.note === action.note };
    }
    return { ...change, text: action.label, isSkipped: transaction.labels.includes(action.label) };
  });
}

/** Whether a plan changes the transaction at all. */
export function changesAnything(changes: readonly PlannedChange[]): boolean {
  return changes.some((change) => !change.isSkipped);
}
