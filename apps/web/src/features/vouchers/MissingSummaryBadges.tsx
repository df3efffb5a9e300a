import type { MissingSummary } from '@bilag/contracts';
import { Badge, Group, Skeleton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What still lacks something for bookkeeping, as compact badges; nothing shows for a zero count. */
export function MissingSummaryBadges({ summary }: { summary: MissingSummary | undefined }) {
  const { t } = useTranslation();
  if (!summary) return <Skeleton h={22} w={320} radius="xl" />;

  const items = [
    {
      key: 'date',
      count: summary.missingDate,
      text: t('vouchers.missing.date', { count: summary.missingDate }),
    },
    {
      key: 'amount',
      count: summary.missingAmount,
      text: t('vouchers.missing.amount', { count: summary.missingAmount }),
    },
    {
      key: 'supplier',
      count: summary.missingSupplier,
      text: t('vouchers.missing.supplier', { count: summary.missingSupplier }),
    },
    {
      key: 'overdue',
      count: summary.unpaidOverdue,
      text: t('vouchers.missing.overdue', { count: summary.unpaidOverdue }),
    },
  ].filter((item) => item.count > 0);

  if (items.length === 0) {
    return (
      <Group gap={6} data-testid="missing-summary">
        <Badge
          color="green"
          variant="light"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
          tt="none"
        >
          {t('vouchers.missing.none')}
        </Badge>
      </Group>
    );
  }
  return (
    <Group gap={6} data-testid="missing-summary" role="list" aria-label={t('vouchers.missing.label')}>
      {items.map((item) => (
        <Badge
          key={item.key}
          role="listitem"
          color={item.key === 'overdue' ? 'red' : 'orange'}
          variant="light"
          tt="none"
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
          data-testid={`missing-${item.key}`}
        >
          {item.text}
        </Badge>
      ))}
    </Group>
  );
}
