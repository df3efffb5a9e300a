import { type PaymentFlowResult, paymentCancelCallback } from '@bilag/contracts';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errors';
import { companyPath } from '../company/company-path';
import { CallbackLayout, FailureText, ResultLabel } from './CallbackLayout';
import type { PaymentCancelQuery } from './callback-query';
import { useCountdown } from './countdown';
import { PAYMENT_LIST_PATH } from './useCompanyPath';

/** Spec §9: the payment cancel page goes to the payment list after 3 seconds. */
const REDIRECT_AFTER_SECONDS = 3;

type CancelStep =
  | { kind: 'asking' }
  | { kind: 'answered'; result: PaymentFlowResult | undefined }
  | { kind: 'failed'; error: unknown };

/**
 * /ztl-payment/cancel-callback: the bank sent the person back from cancelling a payment there. Only
 * when the bank says it succeeded is anything recorded, and then the server asks the bank itself.
 */
export function PaymentCancelCallbackPage({ query }: { query: PaymentCancelQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRecord = query.isSuccess && query.flowId !== undefined;
  const [step, setStep] = useState<CancelStep>(
    canRecord ? { kind: 'asking' } : { kind: 'answered', result: undefined },
  );
  const hasAsked = useRef(false);

  useEffect(() => {
    const { flowId } = query;
    if (!query.isSuccess || flowId === undefined || hasAsked.current) return;
    hasAsked.current = true;
    api
      .call(paymentCancelCallback, { params: { flowId }, body: { query: query.query } })
      .then((reply) => setStep({ kind: 'answered', result: reply.data }))
      .catch((error: unknown) => setStep({ kind: 'failed', error }));
  }, [query]);

  const alias = query.alias ?? (step.kind === 'answered' ? step.result?.alias : undefined) ?? undefined;
  const paymentListPath = alias ? companyPath({ Alias: alias }, PAYMENT_LIST_PATH) : '/';
  useCountdown(REDIRECT_AFTER_SECONDS, step.kind === 'answered', () =>
    navigate(paymentListPath, { replace: true }),
  );
  const toList = (
    <Button component={Link} to={paymentListPath} replace variant="default">
      {t('signing.toPaymentList')}
    </Button>
  );

  if (step.kind === 'asking') {
    return (
      <CallbackLayout title={t('signing.paymentCancel.asking')}>
        <Loader aria-hidden />
      </CallbackLayout>
    );
  }
  if (step.kind === 'failed') {
    return (
      <CallbackLayout title={t('signing.paymentCancel.failedTitle')}>
        <Stack align="center" gap="md" data-testid="payment-cancel-result">
          <FailureText>{errorMessage(step.error, t('errors.unexpected'))}</FailureText>
          {toList}
        </Stack>
      </CallbackLayout>
    );
  }
  const isCancelled = step.result?.outcome === 'canceled';
  return (
    <CallbackLayout
      title={t(
        isCancelled ? 'signing.paymentCancel.cancelledTitle' : 'signing.paymentCancel.notCancelledTitle',
      )}
    >
      <Stack align="center" gap="md" data-testid="payment-cancel-result">
        <ResultLabel isAccepted={isCancelled} />
        <Text>
          {isCancelled
            ? t('signing.paymentCancel.cancelledText')
            : (step.result?.message ?? t('signing.paymentCancel.notCancelledText'))}
        </Text>
        <Text c="dimmed" size="sm">
          {t('signing.paymentCancel.redirecting')}
        </Text>
        {toList}
      </Stack>
    </CallbackLayout>
  );
}
