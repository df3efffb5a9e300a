import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
