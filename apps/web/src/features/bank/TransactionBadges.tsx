import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatOre } from '../vouchers/voucher.format';
import {
  paymentStatusColors,
  paymentStatusLabelKey,
  statusColors,
  statusLabelKey,
} from './transaction.format';

/** Dot badges keep the text dark, so the small labels keep AA contrast whatever the status colour. */
export function TransactionStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={statusColors[status] ?? 'gray'} radius="sm" size="sm" tt="none">
      {t(statusLabelKey(status))}
    </Badge>
  );
}

export function PaymentStatusBadge({ paymentStatus }: { paymentStatus: number | null }) {
  const { t } = useTranslation();
  if (paymentStatus === null) return null;
  return (
    <Badge variant="dot" color={paymentStatusColors[paymentStatus] ?? 'gray'} radius="sm" size="sm" tt="none">
      {t(paymentStatusLabelKey(paymentStatus))}
    </Badge>
  );
}

/**
 * A green dark enough for AA contrast on white, on striped rows and on a selected row's tint; the
 * theme's greens are lighter than that at small sizes.
 */
export const MONEY_IN_COLOR = '#237032';

/** Money in reads green, money out in the text colour with its minus sign, as bank statements show it. */
export function SignedAmount({
  amountOre,
  currency,
  size = 'sm',
}: {
  amountOre: number;
  /** Left out where the rows have no currency of their own yet (an import being checked). */
  currency?: string;
  size?: string;
}) {
  return (
    <Text
      span
      size={size}
      fw={600}
      c={amountOre > 0 ? MONEY_IN_COLOR : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-direction={amountOre > 0 ? 'in' : 'out'}
    >
      {amountOre > 0 ? '+' : ''}
      {currency ? formatMoney(amountOre, currency) : formatOre(amountOre)}
    </Text>
  );
}
