import type { MissingSummary } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';
import { CountBadges } from '../../ui/CountBadges';

/** What still lacks something for bookkeeping, as compact badges; nothing shows for a zero count. */
export function MissingSummaryBadges({ summary }: { summary: MissingSummary | undefined }) {
  const { t } = useTranslation();
  const items = summary && [
    {
      key: 'date',
      count: summary.missingDate,
      text: t('vouchers.missing.date', { count: summary.missingDate }),
      color: 'orange',
    },
    {
      key: 'amount',
      count: summary.missingAmount,
      text: t('vouchers.missing.amount', { count: summary.missingAmount }),
      color: 'orange',
    },
    {
      key: 'supplier',
      count: summary.missingSupplier,
      text: t('vouchers.missing.supplier', { count: summary.missingSupplier }),
      color: 'orange',
    },
    {
      key: 'overdue',
      count: summary.unpaidOverdue,
      text: t('vouchers.missing.overdue', { count: summary.unpaidOverdue }),
      color: 'red',
    },
  ];
  return (
    <CountBadges
      items={items}
      noneText={t('vouchers.missing.none')}
      label={t('vouchers.missing.label')}
      data-testid="missing-summary"
    />
  );
}
