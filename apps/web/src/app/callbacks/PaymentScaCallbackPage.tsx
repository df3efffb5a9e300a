import { type PaymentFlowResult, paymentScaCallback } from '@bilag/contracts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { closeSigningWindow, hasSigningOpener } from '../../features/signing';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errors';
import { companyPath } from '../company/company-path';
import { CallbackLayout, FailureText, ResultLabel } from './CallbackLayout';
import type { PaymentScaQuery } from './callback-query';
import { pollUntilFinal } from './poll';
import { isTransientFailure } from './transient-failure';
import { PAYMENT_LIST_PATH } from './useCompanyPath';

/** While the bank has not decided, it is asked again every 2 seconds for a minute. */
const PENDING_INTERVAL_MS = 2000;
const PENDING_TIMEOUT_MS = 60_000;

type ScaStep =
  | { kind: 'asking' }
  | { kind: 'ended'; result: PaymentFlowResult }
  | { kind: 'pending'; result: PaymentFlowResult }
  | { kind: 'failed'; error: unknown };

/**
 * /ztl-payment/sca-callback: the bank sent the person back from its SCA page. Every parameter it sent
 * goes to the server, which asks the bank where the payment stands (it never trusts the address). An
 * accepted payment goes on to /sign-next?action=payment-auth.
 */
export function PaymentScaCallbackPage({ query }: { query: PaymentScaQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<ScaStep>({ kind: 'asking' });
  const isMounted = useRef(true);
  const hasStarted = useRef(false);

  const ask = useCallback(async () => {
    setStep({ kind: 'asking' });
    try {
      const { answer, isTimedOut } = await pollUntilFinal({
        ask: async () =>
          (
            await api.call(paymentScaCallback, {
              params: { flowId: query.flowId },
              body: { query: query.query },
            })
          ).data,
        isFinal: (result) => result.outcome !== 'pending',
        intervalMs: PENDING_INTERVAL_MS,
        timeoutMs: PENDING_TIMEOUT_MS,
        isStopped: () => !isMounted.current,
      });
      if (answer.outcome === 'accepted') {
        navigate(`/sign-next?action=payment-auth&basketUUID=${encodeURIComponent(answer.basketUUID)}`, {
          replace: true,
        });
        return;
      }
      setStep(isTimedOut ? { kind: 'pending', result: answer } : { kind: 'ended', result: answer });
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  }, [query, navigate]);

  useEffect(() => {
    isMounted.current = true;
    if (!hasStarted.current) {
      hasStarted.current = true;
      void ask();
    }
    return () => {
      isMounted.current = false;
    };
  }, [ask]);

  const alias = step.kind === 'ended' || step.kind === 'pending' ? step.result.alias : null;
  const onwardPath = query.returnPath ?? (alias ? companyPath({ Alias: alias }, PAYMENT_LIST_PATH) : '/');
  const hasOpener = hasSigningOpener();
  const onward = hasOpener ? (
    <Button onClick={() => closeSigningWindow('closed')}>{t('signing.close')}</Button>
  ) : (
    <Button component={Link} to={onwardPath} replace>
      {t(query.returnPath ? 'signing.paymentSca.continue' : 'signing.toPaymentList')}
    </Button>
  );

  if (step.kind === 'asking') {
    return (
      <CallbackLayout title={t('signing.paymentSca.asking')}>
        <Loader aria-hidden />
        <Text c="dimmed">{t('signing.paymentSca.askingText')}</Text>
      </CallbackLayout>
    );
  }
  if (step.kind === 'failed') {
    return (
      <CallbackLayout title={t('signing.paymentSca.failedTitle')}>
        <Stack align="center" gap="md" data-testid="payment-sca-result">
          <FailureText>{errorMessage(step.error, t('errors.unexpected'))}</FailureText>
          <Group justify="center">
            {isTransientFailure(step.error) && (
              <Button variant="default" onClick={() => void ask()}>
                {t('common.retry')}
              </Button>
            )}
            {onward}
          </Group>
        </Stack>
      </CallbackLayout>
    );
  }
  if (step.kind === 'pending') {
    return (
      <CallbackLayout title={t('signing.paymentSca.pendingTitle')}>
        <Stack align="center" gap="md" data-testid="payment-sca-result">
          <Text>{t('signing.paymentSca.pendingText')}</Text>
          <Group justify="center">
            <Button variant="default" onClick={() => void ask()}>
              {t('signing.paymentSca.askAgain')}
            </Button>
            {onward}
          </Group>
        </Stack>
      </CallbackLayout>
    );
  }
  return (
    <CallbackLayout title={t('signing.paymentSca.rejectedTitle')}>
      <Stack align="center" gap="md" data-testid="payment-sca-result">
        <ResultLabel isAccepted={false} />
        <FailureText>{step.result.message ?? t('signing.paymentSca.rejectedText')}</FailureText>
        {onward}
      </Stack>
    </CallbackLayout>
  );
}
