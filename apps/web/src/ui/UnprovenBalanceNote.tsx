import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatOre } from './format';

type UnprovenBalanceNoteProps = {
  /** The stated closing balance minus what its opening balance and entries give; null when not known. */
  differenceOre: number | null;
  /** Left out where the amount's currency is not known. */
  currency?: string;
  'data-testid'?: string;
};

/**
 * Marks a balance that does not add up (opening balance plus entries is not the closing balance), so a
 * disputed closing balance is never read as a proven one. It wraps rather than cuts the amount off in
 * narrow table cells.
 */
export function UnprovenBalanceNote({
  differenceOre,
  currency,
  'data-testid': testId,
}: UnprovenBalanceNoteProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" c="red.8" data-testid={testId}>
      <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" fw={600} c="red.8">
        {differenceOre === null
          ? t('common.balanceUnproven')
          : t('common.balanceDiffers', {
              amount:
                currency === undefined ? formatOre(differenceOre) : formatMoney(differenceOre, currency),
            })}
      </Text>
    </Group>
  );
}
