import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCancelBasketMutation } from '../../features/payments';
import {
  clearSigningRequest,
  closeSigningWindow,
  hasSigningOpener,
  readSigningRequest,
} from '../../features/signing';
import { errorMessage } from '../api/errors';
import { useSession } from '../session/session.store';
import { CallbackLayout, FailureText, SignInNeeded } from './CallbackLayout';
import type { SignCancelQuery } from './callback-query';
import { useCountdown } from './countdown';
import { BANK_VERIFY_PATH, PAYMENT_LIST_PATH, useCompanyPath } from './useCompanyPath';

/** Spec §9: the cancel page closes the dialog after 3 seconds. */
const CLOSE_AFTER_SECONDS = 3;

/** Ends the signing window a few seconds after the person has read the result. */
function useCloseAfterCountdown(isDone: boolean, onwardPath: string) {
  const navigate = useNavigate();
  function onFinish(event: 'cancelled' | 'closed') {
    if (!closeSigningWindow(event)) navigate(onwardPath, { replace: true });
  }
  useCountdown(CLOSE_AFTER_SECONDS, isDone, () => onFinish('cancelled'));
  return onFinish;
}

/** /sign-cancel?action=signant-auth: a cancelled verification changed nothing; nothing is called. */
function SigningCancelled() {
  const { t } = useTranslation();
  const [companyId] = useState(() => readSigningRequest()?.companyId);
  useEffect(() => clearSigningRequest(), []);
  const onFinish = useCloseAfterCountdown(true, useCompanyPath(companyId, BANK_VERIFY_PATH));
  return (
    <CallbackLayout title={t('signing.signCancel.signingTitle')}>
      <Stack align="center" gap="md" data-testid="sign-cancel-result">
        <Text>{t('signing.signCancel.signingText')}</Text>
        <Button onClick={() => onFinish('cancelled')}>
          {t(hasSigningOpener() ? 'signing.close' : 'signing.toBankVerify')}
        </Button>
      </Stack>
    </CallbackLayout>
  );
}

/** /sign-cancel?action=payment-auth: the person left BankID, so the basket's payments are cancelled. */
function PaymentsCancelled({ basketUUID }: { basketUUID: string }) {
  const { t } = useTranslation();
  const cancel = useCancelBasketMutation();
  const { mutate: cancelBasket } = cancel;
  const hasAsked = useRef(false);
  useEffect(() => {
    clearSigningRequest();
    if (hasAsked.current) return;
    hasAsked.current = true;
    cancelBasket(basketUUID);
  }, [basketUUID, cancelBasket]);
  const onwardPath = useCompanyPath(cancel.data?.basket.CompanyId, PAYMENT_LIST_PATH);
  const onFinish = useCloseAfterCountdown(cancel.isSuccess, onwardPath);
  const closeLabel = t(hasSigningOpener() ? 'signing.close' : 'signing.toPaymentList');

  if (cancel.isError) {
    return (
      <CallbackLayout title={t('signing.signCancel.failedTitle')}>
        <Stack align="center" gap="md" data-testid="sign-cancel-result">
          <FailureText>{errorMessage(cancel.error, t('errors.unexpected'))}</FailureText>
          <Button onClick={() => onFinish('closed')}>{closeLabel}</Button>
        </Stack>
      </CallbackLayout>
    );
  }
  if (!cancel.data) {
    return (
      <CallbackLayout title={t('signing.signCancel.cancelling')}>
        <Loader aria-hidden />
      </CallbackLayout>
    );
  }
  return (
    <CallbackLayout title={t('signing.signCancel.paymentsTitle')}>
      <Stack align="center" gap="md" data-testid="sign-cancel-result">
        <Text>{t('signing.signCancel.paymentsText', { count: cancel.data.data.length })}</Text>
        <Button onClick={() => onFinish('cancelled')}>{closeLabel}</Button>
      </Stack>
    </CallbackLayout>
  );
}

export function SignCancelPage({ query }: { query: SignCancelQuery }) {
  const isSignedIn = useSession() !== null;
  if (query.action === 'signant-auth') return <SigningCancelled />;
  if (!isSignedIn) return <SignInNeeded />;
  return <PaymentsCancelled basketUUID={query.basketUUID} />;
}
