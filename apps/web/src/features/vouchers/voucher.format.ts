import { VoucherSource, VoucherStatus } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAmount } from '@bilag/domain/money/norwegian';
import { ore } from '@bilag/domain/money/ore';

/** "1 234,50"; the no-break space keeps an amount on one line in narrow table cells. */
export function formatOre(amountOre: number): string {
  return formatAmount(ore(amountOre), { groupSeparator: '\u00A0' });
}

export function formatMoney(amountOre: number, currency: string): string {
  return `${formatOre(amountOre)}\u00A0${currency}`;
}

/** A calendar date from the API ('YYYY-MM-DD') as DD.MM.YYYY, with no time zone to shift it. */
export function formatCalendarDate(date: string | null): string {
  return date ? formatDate(date, 'DD.MM.YYYY') : '';
}

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
