import { VoucherPaymentState, VoucherSource, VoucherStatus } from '@bilag/contracts';

export const sourceLabelKeys = {
  [VoucherSource.WEB_UPLOAD]: 'vouchers.source.upload',
  [VoucherSource.EMAIL]: 'vouchers.source.email',
  [VoucherSource.EHF]: 'vouchers.source.ehf',
  [VoucherSource.MOBILE]: 'vouchers.source.mobile',
  [VoucherSource.MISSING_REGISTRATION]: 'vouchers.source.missingRegistration',
} as const;

export const statusLabelKeys = {
  [VoucherStatus.NEW]: 'vouchers.status.new',
  [VoucherStatus.READY]: 'vouchers.status.ready',
  [VoucherStatus.CONNECTED]: 'vouchers.status.connected',
  [VoucherStatus.PRIVATE]: 'vouchers.status.private',
} as const;

export const statusColors: Record<number, string> = {
  [VoucherStatus.NEW]: 'gray',
  [VoucherStatus.READY]: 'blue',
  [VoucherStatus.CONNECTED]: 'teal',
  [VoucherStatus.PRIVATE]: 'grape',
};

export function sourceLabelKey(source: number) {
  return sourceLabelKeys[source as VoucherSource] ?? 'vouchers.source.unknown';
}

export function statusLabelKey(status: number) {
  return statusLabelKeys[status as VoucherStatus] ?? 'vouchers.status.unknown';
}

/** Whether a due date has passed for an unpaid voucher, compared as calendar dates. */
export function isOverdue(dueDate: string | null, isPaid: boolean, today: string): boolean {
  return dueDate !== null && !isPaid && dueDate < today;
}

export const paymentStateLabelKeys = {
  [VoucherPaymentState.ANY]: 'vouchers.filters.anyPaymentState',
  [VoucherPaymentState.TO_PAY]: 'vouchers.filters.toPay',
  [VoucherPaymentState.ON_PAYMENT_LIST]: 'vouchers.filters.onPaymentList',
  [VoucherPaymentState.PAID]: 'vouchers.filters.paidState',
} as const satisfies Record<VoucherPaymentState, string>;

/** The payment state an option of the filter stands for; anything else is "any". */
export function paymentStateOf(value: string | null): VoucherPaymentState {
  return (
    Object.values(VoucherPaymentState).find((state) => String(state) === value) ?? VoucherPaymentState.ANY
  );
}
