import type { Payment } from '@bilag/contracts';
import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { basketKeys } from '../../features/payments';
import { closeSigningWindow, hasSigningOpener } from '../../features/signing';
import { formatMoney } from '../../ui/format';
import { ApiError, errorMessage } from '../api/errors';
import { NotFoundPage } from '../status/NotFoundPage';
import { CallbackLayout, FailureText, ResultLabel } from './CallbackLayout';
import { useCountdown, visibleSeconds } from './countdown';
import { PAYMENT_LIST_PATH, useCompanyPath } from './useCompanyPath';

/** Spec §9: the return page counts 5 seconds and shows the last 4. */
const CLOSE_AFTER_SECONDS = 5;
const SHOWN_SECONDS = 4;

function PaymentLines({ payments }: { payments: readonly Payment[] }) {
  return (
    <List listStyleType="none" spacing={4} w="100%" data-testid="accepted-payments">
      {payments.map((payment) => (
        <List.Item key={payment.Id}>
          <Group justify="space-between" gap="md" wrap="nowrap">
            <Text size="sm" lineClamp={1} ta="left">
              {payment.CreditorName}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(payment.AmountOre, payment.Currency)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * /sign-next?action=payment-auth: the bank accepted the basket. The page shows what was paid, counts
 * down and closes the signing window, telling the page that opened it; in the same window it goes to the
 * payment list instead. A basket that does not exist, or has no payments, is a 404 (spec §5).
 */
export function PaymentAuthReturn({ basketUUID }: { basketUUID: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basket = useQuery({ ...basketKeys.basket(basketUUID), retry: false });
  const companyId = basket.data?.basket.CompanyId;
  const paymentListPath = useCompanyPath(companyId, PAYMENT_LIST_PATH);
  const isAccepted = basket.data?.basket.State === 'accepted';
  const hasOpener = hasSigningOpener();

  function onFinish() {
    if (!closeSigningWindow(isAccepted ? 'accepted' : 'closed')) navigate(paymentListPath, { replace: true });
  }
  const secondsLeft = useCountdown(CLOSE_AFTER_SECONDS, isAccepted, onFinish);

  if (basket.error instanceof ApiError && basket.error.status === 404) return <NotFoundPage />;
  if (basket.isError) {
    return (
      <CallbackLayout title={t('signing.paymentAuth.failedTitle')}>
        <Stack align="center" gap="md" data-testid="sign-next-result">
          <FailureText>{errorMessage(basket.error, t('errors.unexpected'))}</FailureText>
          <Button onClick={() => void basket.refetch()}>{t('common.retry')}</Button>
        </Stack>
      </CallbackLayout>
    );
  }
  if (!basket.data) {
    return (
      <CallbackLayout title={t('signing.paymentAuth.loading')}>
        <Loader aria-hidden />
      </CallbackLayout>
    );
  }

  const { basket: paid, data: payments } = basket.data;
  const shown = secondsLeft === undefined ? undefined : visibleSeconds(secondsLeft, SHOWN_SECONDS);
  return (
    <CallbackLayout
      title={t(isAccepted ? 'signing.paymentAuth.acceptedTitle' : 'signing.paymentAuth.notAcceptedTitle')}
    >
      <Stack align="center" gap="md" w="100%" data-testid="sign-next-result" data-step={paid.State}>
        <ResultLabel isAccepted={isAccepted} />
        <Text>
          {isAccepted
            ? t('signing.paymentAuth.acceptedText', { count: payments.length })
            : (paid.Message ?? t('signing.paymentAuth.notAcceptedText'))}
        </Text>
        <PaymentLines payments={payments} />
        {isAccepted && (
          <Text c="dimmed" size="sm" aria-live="polite" data-testid="countdown" mih={22}>
            {shown === undefined
              ? ' '
              : t(hasOpener ? 'signing.countdown.closing' : 'signing.countdown.leaving', { seconds: shown })}
          </Text>
        )}
        <Button variant={isAccepted ? 'default' : 'filled'} onClick={onFinish}>
          {t(hasOpener ? 'signing.close' : 'signing.toPaymentList')}
        </Button>
      </Stack>
    </CallbackLayout>
  );
}
