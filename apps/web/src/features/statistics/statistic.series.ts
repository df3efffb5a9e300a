import { type ConsentStatus, PaymentStatus, VoucherSource } from '@bilag/contracts';
import type { MantineColor } from '@mantine/core';
import type { ParseKeys } from 'i18next';

/** How a voucher came in, by the name its source has on the voucher list. */
const voucherSourceKeys: Record<number, ParseKeys> = {
  [VoucherSource.WEB_UPLOAD]: 'vouchers.source.upload',
  [VoucherSource.EMAIL]: 'vouchers.source.email',
  [VoucherSource.EHF]: 'vouchers.source.ehf',
  [VoucherSource.MOBILE]: 'vouchers.source.mobile',
  [VoucherSource.MISSING_REGISTRATION]: 'vouchers.source.missingRegistration',
};

export function voucherSourceKey(source: number): ParseKeys {
  return voucherSourceKeys[source] ?? 'vouchers.source.unknown';
}

const voucherSourceColors: Record<number, MantineColor> = {
  [VoucherSource.WEB_UPLOAD]: 'brand.6',
  [VoucherSource.EMAIL]: 'indigo.5',
  [VoucherSource.EHF]: 'orange.6',
  [VoucherSource.MOBILE]: 'green.6',
  [VoucherSource.MISSING_REGISTRATION]: 'gray.5',
};

export function voucherSourceColor(source: number): MantineColor {
  return voucherSourceColors[source] ?? 'yellow.6';
}

/** Payment statuses by the names of the payment list's tabs. */
export const paymentStatusKeys: Record<PaymentStatus, ParseKeys> = {
  [PaymentStatus.FOR_APPROVE]: 'payments.status.forApprove',
  [PaymentStatus.PROCESSING]: 'payments.status.processing',
  [PaymentStatus.FAILED]: 'payments.status.failed',
  [PaymentStatus.PAID]: 'payments.status.paid',
  [PaymentStatus.IGNORED]: 'payments.status.ignored',
  [PaymentStatus.CANCELED]: 'payments.status.canceled',
};

/** Failed payments are the red of the chart, as they are the ones that need someone. */
export const paymentStatusColors: Record<PaymentStatus, MantineColor> = {
  [PaymentStatus.FOR_APPROVE]: 'blue.5',
  [PaymentStatus.PROCESSING]: 'cyan.4',
  [PaymentStatus.FAILED]: 'red.7',
  [PaymentStatus.PAID]: 'green.6',
  [PaymentStatus.IGNORED]: 'gray.4',
  [PaymentStatus.CANCELED]: 'gray.6',
};

/** The order the chart stacks and the table lists the statuses: the ones that need someone first. */
export const PAYMENT_STATUS_ORDER: readonly PaymentStatus[] = [
  PaymentStatus.FAILED,
  PaymentStatus.FOR_APPROVE,
  PaymentStatus.PROCESSING,
  PaymentStatus.PAID,
  PaymentStatus.IGNORED,
  PaymentStatus.CANCELED,
];

export const consentStatusColors: Record<ConsentStatus, MantineColor> = {
  valid: 'green.6',
  received: 'blue.5',
  expired: 'red.7',
  rejected: 'orange.6',
  revokedByPsu: 'grape.6',
  terminatedByTpp: 'gray.6',
};

/** The VAT rates' colours: the standard rates by how high they are, any other in a colour of its own. */
export function vatRateColor(rate: number, index: number): MantineColor {
  const standard: Record<number, MantineColor> = {
    25: 'brand.7',
    15: 'orange.6',
    12: 'grape.6',
    0: 'gray.5',
  };
  const others: MantineColor[] = ['indigo.5', 'teal.4', 'yellow.6', 'pink.5'];
  return standard[rate] ?? others[index % others.length] ?? 'blue.5';
}
