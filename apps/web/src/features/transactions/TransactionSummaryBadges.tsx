import { BankTransactionStatus, type TransactionMissingSummary } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';
import { CountBadges } from '../../ui/CountBadges';
import { formatOre } from '../../ui/format';
import { statusColors } from './transaction.format';

type TransactionSummaryBadgesProps = {
  summary: TransactionMissingSummary | undefined;
  selectedStatus: number;
  /** 0 when the chosen status is chosen again, showing every status. */
  onSelectStatus: (status: number) => void;
};

/** How many transactions have each status; a badge shows only those, and a second press shows all again. */
export function TransactionSummaryBadges({
  summary,
  selectedStatus,
  onSelectStatus,
}: TransactionSummaryBadgesProps) {
  const { t } = useTranslation();
  const badge = (key: string, status: number, count: number, text: string) => ({
    key,
    count,
    text,
    color: statusColors[status] ?? 'gray',
    isSelected: selectedStatus === status,
    onToggle: () => onSelectStatus(selectedStatus === status ? 0 : status),
  });
  const items = summary && [
    badge(
      'missing-voucher',
      BankTransactionStatus.MISSING_VOUCHER,
      summary.missingVoucher,
      t('bankTransactions.summary.missingVoucher', {
        count: summary.missingVoucher,
        amount: formatOre(summary.missingAmountOre),
      }),
    ),
    badge(
      'connected',
      BankTransactionStatus.CONNECTED,
      summary.connected,
      t('bankTransactions.summary.connected', { count: summary.connected }),
    ),
    badge(
      'private',
      BankTransactionStatus.PRIVATE,
      summary.private,
      t('bankTransactions.summary.private', { count: summary.private }),
    ),
    badge(
      'lost',
      BankTransactionStatus.LOST,
      summary.lost,
      t('bankTransactions.summary.lost', { count: summary.lost }),
    ),
  ];
  return (
    <CountBadges
      items={items}
      noneText={t('bankTransactions.summary.none')}
      label={t('bankTransactions.summary.label')}
      data-testid="transaction-summary"
    />
  );
}
