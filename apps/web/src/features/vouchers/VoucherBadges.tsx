import { PaymentStatus } from '@bilag/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paymentStatusColors } from '../payments';
import { statusColors, statusLabelKey } from './voucher.format';
import { paymentStatusLabelKey } from './voucher-payment.format';

/** A dot badge keeps the text dark, so the label keeps AA contrast in the light teal of "connected" too. */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={statusColors[status] ?? 'gray'} radius="sm" size="sm" tt="none">
      {t(statusLabelKey(status))}
    </Badge>
  );
}

export function PaidBadge({ isPaid, isOverdue = false }: { isPaid: boolean; isOverdue?: boolean }) {
  const { t } = useTranslation();
  if (isPaid) {
    return (
      <Badge variant="dot" color="green" radius="sm" size="sm" tt="none">
        {t('vouchers.paid')}
      </Badge>
    );
  }
  return (
    <Badge
      variant={isOverdue ? 'filled' : 'outline'}
      color={isOverdue ? 'red' : 'gray'}
      radius="sm"
      size="sm"
      tt="none"
    >
      {isOverdue ? t('vouchers.overdue') : t('vouchers.unpaid')}
    </Badge>
  );
}

/** The payment statuses a voucher shows in place of "unpaid": on its way to being paid, or failed. */
const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  PaymentStatus.FOR_APPROVE,
  PaymentStatus.PROCESSING,
  PaymentStatus.FAILED,
];

/** Paid, on the payment list, sent to the bank, failed, or unpaid (overdue when past its due date). */
export function PaymentStateBadge({
  isPaid,
  paymentStatus,
  isOverdue,
}: {
  isPaid: boolean;
  paymentStatus: PaymentStatus | null;
  isOverdue: boolean;
}) {
  if (isPaid || paymentStatus === null || !OPEN_PAYMENT_STATUSES.includes(paymentStatus)) {
    return <PaidBadge isPaid={isPaid} isOverdue={isOverdue} />;
  }
  return <PaymentStatusBadge status={paymentStatus} data-testid="payment-state" />;
}

/** A payment's status as the voucher sees it: on the payment list, sent to the bank, paid, failed. */
export function PaymentStatusBadge({ status, ...rest }: { status: PaymentStatus; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={paymentStatusColors[status]} radius="sm" size="sm" tt="none" {...rest}>
      {t(paymentStatusLabelKey(status))}
    </Badge>
  );
}

export function DeletedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color="red" radius="sm" size="sm" tt="none" style={{ flexShrink: 0 }}>
      {t('vouchers.deleted')}
    </Badge>
  );
}

/** One label fits the list's column; the rest are counted and named on hover. */
const VISIBLE_LABELS = 1;

export function LabelBadges({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  const hidden = labels.length - VISIBLE_LABELS;
  return (
    <Group gap={4} wrap="nowrap">
      {labels.slice(0, VISIBLE_LABELS).map((label) => (
        <Badge key={label} variant="dot" color="brand" radius="sm" size="sm" tt="none" maw={88}>
          {label}
        </Badge>
      ))}
      {hidden > 0 && (
        <Text size="xs" c="dimmed" title={labels.slice(VISIBLE_LABELS).join(', ')}>
          +{hidden}
        </Text>
      )}
    </Group>
  );
}
