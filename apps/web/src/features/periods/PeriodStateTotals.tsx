import { PERIOD_STATES } from '@bilag/contracts';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StateTotals } from './period-overview';

/** "4 closed · 2 ready · 1 blocked", leaving out the states no month is in. */
export function PeriodStateTotals({ totals }: { totals: StateTotals }) {
  const { t } = useTranslation();
  const parts = PERIOD_STATES.filter((state) => totals[state] > 0).map((state) => (
    <Text key={state} span size="sm" c="dimmed" data-testid={`period-total-${state}`}>
      {t(`periods.totals.${state}`, { count: totals[state] })}
    </Text>
  ));
  return (
    <Group gap="md" aria-live="polite" data-testid="period-totals">
      {parts}
    </Group>
  );
}
