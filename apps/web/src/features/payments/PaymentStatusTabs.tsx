import { LISTED_PAYMENT_STATUSES, type PaymentStatistics } from '@bilag/contracts';
import { Badge, Group, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countOfStatus, type PaymentListFilter } from './payment.filter';
import { paymentStatusColors, paymentStatusLabelKeys } from './payment.format';

type PaymentStatusTabsProps = {
  status: PaymentListFilter['status'];
  statistics: PaymentStatistics | undefined;
  onSelectStatus: (status: PaymentListFilter['status']) => void;
};

/** One tab per payment status, each with how many payments the filter finds in it. */
export function PaymentStatusTabs({ status, statistics, onSelectStatus }: PaymentStatusTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={String(status)}
      onChange={(value) => {
        const picked = LISTED_PAYMENT_STATUSES.find((listed) => String(listed) === value);
        if (picked !== undefined) onSelectStatus(picked);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('payments.list.statusTabs')}>
        {LISTED_PAYMENT_STATUSES.map((listed) => {
          const count = countOfStatus(statistics, listed);
          return (
            <Tabs.Tab key={listed} value={String(listed)} data-testid={`status-tab-${listed}`}>
              <Group gap={6} wrap="nowrap">
                {t(paymentStatusLabelKeys[listed])}
                {count !== undefined && (
                  <Badge
                    size="sm"
                    circle={count < 10}
                    variant={listed === status ? 'filled' : 'light'}
                    color={paymentStatusColors[listed]}
                    data-testid={`status-count-${listed}`}
                  >
                    {count}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
