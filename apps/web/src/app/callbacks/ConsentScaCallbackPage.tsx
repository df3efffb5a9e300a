import {
  ConsentPageState,
  type ConsentPageStateId,
  type ConsentScaResult,
  consentScaCancel,
  consentScaSuccess,
} from '@bilag/contracts';
import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { consentAccountLabel, consentFlowOutcome, tellConsentFlowEnded } from '../../features/consents';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errors';
import { CallbackLayout, FailureText, ResultLabel } from './CallbackLayout';
import type { ConsentScaQuery } from './consent-sca-query';
import { useCountdown } from './countdown';
import { isTransientFailure } from './transient-failure';

/** Spec §9: the consent return page leads on after 3 seconds. */
const REDIRECT_AFTER_SECONDS = 3;

type ConsentScaStep =
  | { kind: 'asking' }
  | { kind: 'answered'; result: ConsentScaResult }
  /** The call failed; a refusal is a rejection, a failure to reach the server may be asked again. */
  | { kind: 'failed'; error: unknown }
  /** The address names no instruction of ours (spec §4: neither status nor instructionId means rejected). */
  | { kind: 'unknown' };

function pageStateOf(step: ConsentScaStep): ConsentPageStateId | undefined {
  if (step.kind === 'answered') return step.result.state;
  if (step.kind === 'unknown') return ConsentPageState.rejected;
  if (step.kind === 'failed' && !isTransientFailure(step.error)) return ConsentPageState.rejected;
  return undefined;
}

/**
 * /consent/sca-callback: the bank sent the person back from its consent page. The server asks the bank
 * where the consent stands (the address is never trusted): accepted (1), pending (2) or rejected (0).
 * An ended flow is told to the mobile web view, then the page counts 3 seconds down and leads on.
 */
export function ConsentScaCallbackPage({ query }: { query: ConsentScaQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<ConsentScaStep>(
    query.instructionId === undefined ? { kind: 'unknown' } : { kind: 'asking' },
  );
  const hasStarted = useRef(false);
  const hasTold = useRef(false);

  const ask = useCallback(async () => {
    const { instructionId } = query;
    if (instructionId === undefined) return;
    setStep({ kind: 'asking' });
    const body = { instructionId, ...(query.scaStatus ? { scaStatus: query.scaStatus } : {}) };
    try {
      const reply = await api.call(query.isRejection ? consentScaCancel : consentScaSuccess, { body });
      setStep({ kind: 'answered', result: reply.data });
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  }, [query]);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void ask();
  }, [ask]);

  const state = pageStateOf(step);
  const result = step.kind === 'answered' ? step.result : undefined;
  const onwardPath = query.redirectPath ?? result?.redirectPath ?? '/';
  const outcome = state === undefined ? undefined : consentFlowOutcome(state);

  useEffect(() => {
    if (outcome === undefined || hasTold.current) return;
    hasTold.current = true;
    tellConsentFlowEnded(outcome, result?.consentId ?? null);
  }, [outcome, result]);

  const secondsLeft = useCountdown(REDIRECT_AFTER_SECONDS, outcome !== undefined, () =>
    navigate(onwardPath, { replace: true }),
  );
  const onward = (
    <Button component={Link} to={onwardPath} replace variant="default" data-testid="consent-sca-onward">
      {t('consentCallback.continue')}
    </Button>
  );
  const countdown = secondsLeft !== undefined && (
    <Text c="dimmed" size="sm" aria-live="polite" data-testid="consent-sca-countdown">
      {t('consentCallback.redirecting', { count: secondsLeft })}
    </Text>
  );

  if (step.kind === 'asking') {
    return (
      <CallbackLayout title={t('consentCallback.asking')}>
        <Loader aria-hidden />
        <Text c="dimmed">{t('consentCallback.askingText')}</Text>
      </CallbackLayout>
    );
  }
  if (step.kind === 'failed' && state === undefined) {
    return (
      <CallbackLayout title={t('consentCallback.failedTitle')}>
        <Stack align="center" gap="md" data-testid="consent-sca-result">
          <FailureText>{errorMessage(step.error, t('errors.unexpected'))}</FailureText>
          <Group justify="center">
            <Button onClick={() => void ask()}>{t('common.retry')}</Button>
            {onward}
          </Group>
        </Stack>
      </CallbackLayout>
    );
  }
  if (state === ConsentPageState.pending) {
    return (
      <CallbackLayout title={t('consentCallback.pendingTitle')}>
        <Stack align="center" gap="md" data-testid="consent-sca-result" data-state={state}>
          <Text>{result?.message ?? t('consentCallback.pendingText')}</Text>
          <Group justify="center">
            <Button onClick={() => void ask()} data-testid="consent-sca-check-again">
              {t('consentCallback.checkAgain')}
            </Button>
            {onward}
          </Group>
        </Stack>
      </CallbackLayout>
    );
  }
  if (state === ConsentPageState.accepted && result) {
    return (
      <CallbackLayout title={t('consentCallback.acceptedTitle')}>
        <Stack align="center" gap="md" data-testid="consent-sca-result" data-state={state}>
          <ResultLabel isAccepted />
          <Text>{t('consentCallback.acceptedText', { count: result.accounts.length })}</Text>
          {result.accounts.length > 0 && (
            <List size="sm" ta="left" data-testid="consent-sca-accounts">
              {result.accounts.map((account) => (
                <List.Item key={account.id}>{consentAccountLabel(account)}</List.Item>
              ))}
            </List>
          )}
          {countdown}
          {onward}
        </Stack>
      </CallbackLayout>
    );
  }
  const reason =
    step.kind === 'failed'
      ? errorMessage(step.error, t('errors.unexpected'))
      : (result?.message ?? t('consentCallback.rejectedText'));
  return (
    <CallbackLayout title={t('consentCallback.rejectedTitle')}>
      <Stack align="center" gap="md" data-testid="consent-sca-result" data-state={ConsentPageState.rejected}>
        <ResultLabel isAccepted={false} />
        <FailureText>{reason}</FailureText>
        {countdown}
        {onward}
      </Stack>
    </CallbackLayout>
  );
}
