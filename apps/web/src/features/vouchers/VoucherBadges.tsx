import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColors, statusLabelKey } from './voucher.format';

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
      <Badge variant="light" color="green" radius="sm" size="sm" tt="none">
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
