import type { PackagePurchaseFailure } from '@bilag/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Why the card was refused, in the person's language, and the provider's own words and code beside it. */
export function PurchaseFailureText({
  failure,
  size = 'sm',
}: {
  failure: PackagePurchaseFailure;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="purchase-failure">
      <Text size={size}>{t(`paymentPackages.reasons.${failure.reasonKey}`)}</Text>
      <Text size="xs" c="dimmed" data-testid="purchase-failure-provider">
        {t('paymentPackages.providerSaid', { message: failure.message, code: failure.messageCode })}
      </Text>
    </Stack>
  );
}
