import { PAYMENT_STATUSES, PaymentStatus, type Voucher } from '@bilag/contracts';

const paymentStatusLabelKeys = {
  [PaymentStatus.FOR_APPROVE]: 'vouchers.payment.status.forApprove',
  [PaymentStatus.PROCESSING]: 'vouchers.payment.status.processing',
  [PaymentStatus.FAILED]: 'vouchers.payment.status.failed',
  [PaymentStatus.PAID]: 'vouchers.payment.status.paid',
  [PaymentStatus.IGNORED]: 'vouchers.payment.status.ignored',
  [PaymentStatus.CANCELED]: 'vouchers.payment.status.canceled',
} as const satisfies Record<PaymentStatus, string>;

export function paymentStatusLabelKey(status: PaymentStatus) {
  return paymentStatusLabelKeys[status];
}

/** A voucher carries the status of its latest payment as a bare number; null where it has none. */
export function paymentStatusOf(value: number | null): PaymentStatus | null {
  return PAYMENT_STATUSES.find((status) => status === value) ?? null;
}

/** Statuses of a payment that is on its way: the voucher is on the list or with the bank already. */
const PAYMENT_UNDER_WAY: readonly PaymentStatus[] = [PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING];

/** Whether a voucher can go on the payment list: an amount to pay, not paid, not on its way already. */
export function isPayable(
  voucher: Pick<Voucher, 'IsPaid' | 'AmountOre' | 'DeletedAt' | 'PaymentStatus'>,
): boolean {
  return (
    !voucher.IsPaid &&
    voucher.DeletedAt === null &&
    voucher.AmountOre !== null &&
    voucher.AmountOre > 0 &&
    !PAYMENT_UNDER_WAY.some((status) => status === voucher.PaymentStatus)
  );
}
