import type { PackagePurchase } from '@bilag/contracts';
import { Alert, Anchor, Button, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/useLanguage';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate } from '../../ui/format';
import { PurchaseFailureText } from './PurchaseFailureText';
import {
  isPayable,
  type PurchaseOutcome as Outcome,
  outcomeOf,
  type RedirectStatus,
} from './payment-package.return';

type PurchaseOutcomeProps = {
  purchase: PackagePurchase | undefined;
  redirectStatus: RedirectStatus | null;
  isChecking: boolean;
  checkError: unknown;
  canBuy: boolean;
  isPaying: boolean;
  receiptPath: string;
  onPay: () => void;
  onDismiss: () => void;
};

const look: Record<Outcome, { color: string; icon: ReactNode }> = {
  paid: { color: 'green', icon: <IconCircleCheck aria-hidden /> },
  processing: { color: 'blue', icon: <IconClock aria-hidden /> },
  refused: { color: 'red', icon: <IconAlertCircle aria-hidden /> },
  left: { color: 'yellow', icon: <IconInfoCircle aria-hidden /> },
  waiting: { color: 'blue', icon: <IconClock aria-hidden /> },
  canceled: { color: 'gray', icon: <IconInfoCircle aria-hidden /> },
};

/**
 * What became of the purchase the person came back for from the card provider: paid (with its
 * receipt), still settling, refused (the reason in their language, the provider's words and code,
 * and another try), or left unpaid.
 */
export function PurchaseOutcome({
  purchase,
  redirectStatus,
  isChecking,
  checkError,
  canBuy,
  isPaying,
  receiptPath,
  onPay,
  onDismiss,
}: PurchaseOutcomeProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (checkError) return <ErrorAlert title={t('paymentPackages.outcome.checkFailed')} error={checkError} />;
  if (!purchase || (isChecking && redirectStatus !== null)) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<Loader size="xs" />}
        role="status"
        data-testid="purchase-outcome"
      >
        {t('paymentPackages.outcome.checking')}
      </Alert>
    );
  }
  const outcome = outcomeOf(purchase.status, redirectStatus);
  const name = purchase.names[language];
  const title = t(`paymentPackages.outcome.${outcome}Title`);
  return (
    <Alert
      color={look[outcome].color}
      variant="light"
      icon={look[outcome].icon}
      title={title}
      // The light tint's own title colour falls below AA contrast; the icon carries the colour instead.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role={outcome === 'refused' ? 'alert' : 'status'}
      data-testid="purchase-outcome"
      data-outcome={outcome}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap="xs" align="flex-start">
          {outcome === 'paid' && (
            <>
              <Text size="sm">
                {t('paymentPackages.outcome.paidText', {
                  name,
                  start: formatCalendarDate(purchase.periodStart),
                  end: formatCalendarDate(purchase.periodEnd),
                })}
              </Text>
              <Anchor component={Link} to={receiptPath} size="sm" fw={600}>
                {t('paymentPackages.purchases.receiptOf', { name })}
              </Anchor>
            </>
          )}
          {outcome === 'refused' && purchase.failure && <PurchaseFailureText failure={purchase.failure} />}
          {outcome !== 'paid' && outcome !== 'refused' && (
            <Text size="sm">{t(`paymentPackages.outcome.${outcome}Text`)}</Text>
          )}
          {canBuy && isPayable(purchase.status) && (
            <Button size="xs" loading={isPaying} onClick={onPay}>
              {outcome === 'refused'
                ? t('paymentPackages.purchases.tryAgain')
                : t('paymentPackages.purchases.continue')}
            </Button>
          )}
        </Stack>
        <CloseButton aria-label={t('paymentPackages.outcome.dismiss')} onClick={onDismiss} />
      </Group>
    </Alert>
  );
}
