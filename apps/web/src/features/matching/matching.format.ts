import type { ConnectionSource, MatchReason, Voucher } from '@bilag/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../ui/format';

/** Why a voucher and a transaction belong together, as a sentence a person can check. */
export function reasonText(reason: MatchReason, t: TFunction): string {
  switch (reason.code) {
    case 'SAME_KID':
      return t('matching.reason.sameKid', { kid: reason.kid });
    case 'SAME_PAYMENT_REFERENCE':
      return t('matching.reason.samePaymentReference');
    case 'SAME_AMOUNT':
      return t('matching.reason.sameAmount');
    case 'AMOUNT_CLOSE':
      return t('matching.reason.amountClose', { amount: formatMoney(Math.abs(reason.differenceOre), 'NOK') });
    case 'DAYS_APART':
      return reason.days === 0
        ? t('matching.reason.sameDay')
        : t('matching.reason.daysApart', { count: Math.abs(reason.days) });
    case 'NAME_MATCHES':
      return t('matching.reason.nameMatches', { name: reason.name });
    case 'LEARNED':
      return t('matching.reason.learned', { name: reason.name, count: reason.confirmations });
    case 'RULE':
      return t('matching.reason.rule', { name: reason.name });
  }
}

/** A score of 0 to 1 as a whole percentage. */
export function scorePercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/** A part of a whole as a whole percentage; nothing of nothing is 0 %, not a division by zero. */
export function sharePercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}

/** "voucher 12 from Telenor ASA", naming a voucher in buttons and dialogs. */
export function voucherName(voucher: Pick<Voucher, 'Id' | 'SupplierName'>, t: TFunction): string {
  return voucher.SupplierName
    ? t('matching.voucherName', { id: voucher.Id, supplier: voucher.SupplierName })
    : t('matching.voucherNameNoSupplier', { id: voucher.Id });
}

export const connectionSourceKeys = {
  manual: 'matching.source.manual',
  suggestion: 'matching.source.suggestion',
  auto: 'matching.source.auto',
  rule: 'matching.source.rule',
  admin: 'matching.source.admin',
} as const satisfies Record<ConnectionSource, string>;

/** How a connection came about, by colour: a person teal, automatic grape, a rule blue, an administrator orange. */
export const connectionSourceColors = {
  manual: 'teal',
  suggestion: 'teal',
  auto: 'grape',
  rule: 'blue',
  admin: 'orange',
} as const satisfies Record<ConnectionSource, string>;
