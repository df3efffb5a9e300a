import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountAuthorisationList, closeSigningWindow, hasSigningOpener } from '../../features/signing';
import { errorMessage } from '../api/errors';
import { CallbackLayout, FailureText, ResultLabel } from './CallbackLayout';
import type { SignantAuthReturn as SignantAuthQuery } from './callback-query';
import { BANK_VERIFY_PATH, PAYMENT_LIST_PATH, useCompanyPath } from './useCompanyPath';
import { type SignantAuthStep, useSignantAuthFlow } from './useSignantAuthFlow';

const titleKeys = {
  processing: 'signing.signNext.processing',
  noSigning: 'signing.signNext.noSigningTitle',
  rejected: 'signing.signNext.rejectedTitle',
  timedOut: 'signing.signNext.timedOutTitle',
  verified: 'signing.signNext.verifiedTitle',
  approved: 'signing.signNext.approvedTitle',
  toBank: 'signing.signNext.toBank',
  failed: 'signing.signNext.failedTitle',
} as const satisfies Record<SignantAuthStep['kind'], string>;

/** /sign-next?action=signant-auth: back from BankID, for a basket or for verifying accounts. */
export function SignantAuthReturn({ query }: { query: SignantAuthQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { step, companyId } = useSignantAuthFlow(query);
  const isBasket = query.basketUUID !== undefined;
  const onwardPath = useCompanyPath(companyId, isBasket ? PAYMENT_LIST_PATH : BANK_VERIFY_PATH);
  const hasOpener = hasSigningOpener();

  function onClose() {
    if (!closeSigningWindow('closed')) navigate(onwardPath, { replace: true });
  }

  const isWorking = step.kind === 'processing' || step.kind === 'toBank';
  return (
    <CallbackLayout title={t(titleKeys[step.kind])}>
      <Stack align="center" gap="md" w="100%" data-testid="sign-next-result" data-step={step.kind}>
        {isWorking && <Loader aria-hidden />}
        {step.kind === 'processing' && <Text c="dimmed">{t('signing.signNext.processingText')}</Text>}
        {step.kind === 'toBank' && <Text c="dimmed">{t('signing.signNext.toBankText')}</Text>}
        {step.kind === 'noSigning' && <Text>{t('signing.signNext.noSigningText')}</Text>}
        {step.kind === 'rejected' && (
          <>
            <ResultLabel isAccepted={false} />
            <FailureText>{step.text || t('signing.signNext.rejectedText')}</FailureText>
          </>
        )}
        {step.kind === 'timedOut' && <FailureText>{t('signing.signNext.timedOutText')}</FailureText>}
        {step.kind === 'verified' && (
          <>
            <Text>{t('signing.signNext.verifiedText')}</Text>
            <AccountAuthorisationList entries={step.result.authorizeData} />
          </>
        )}
        {step.kind === 'approved' && (
          <>
            <ResultLabel isAccepted />
            <Text>
              {t('signing.signNext.approvedText', {
                signed: step.basket.Approvals.length,
                count: step.basket.RequiredApprovals,
              })}
            </Text>
          </>
        )}
        {step.kind === 'failed' && (
          <>
            <FailureText>{errorMessage(step.error, t('errors.unexpected'))}</FailureText>
            {step.retry && <Button onClick={step.retry}>{t('common.retry')}</Button>}
          </>
        )}
        {!isWorking && (
          <Button variant={step.kind === 'failed' && step.retry ? 'default' : 'filled'} onClick={onClose}>
            {t(hasOpener ? 'signing.close' : isBasket ? 'signing.toPaymentList' : 'signing.toBankVerify')}
          </Button>
        )}
      </Stack>
    </CallbackLayout>
  );
}
