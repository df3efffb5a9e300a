import { Badge, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { companyKeys } from '../../features/companies';
import { onboardingLook, settingsKeys, toneColor } from '../../features/settings';
import { ApiError, errorMessage } from '../api/errors';
import { companyPath } from '../company/company-path';
import { useSession } from '../session/session.store';
import { NotFoundPage } from '../status/NotFoundPage';
import { CallbackLayout, FailureText, SignInNeeded } from './CallbackLayout';
import type { OnboardingCallbackQuery } from './onboarding-callback-query';

/** Spec §9: the onboarding return goes on to the company's settings after 300 ms. */
const ONBOARDING_REDIRECT_MS = 300;

const SETTINGS_PATH = 'setting';

function OnboardingReturn({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onboarding = useQuery({ ...settingsKeys.onboarding(companyId), retry: false });
  const company = useQuery({ ...companyKeys.detail(companyId), retry: false });
  const settingsPath = company.data ? companyPath(company.data, SETTINGS_PATH) : undefined;
  const isAnswered = onboarding.data !== undefined && settingsPath !== undefined;

  useEffect(() => {
    if (!isAnswered || settingsPath === undefined) return undefined;
    const timer = setTimeout(() => navigate(settingsPath, { replace: true }), ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isAnswered, settingsPath, navigate]);

  const failure = onboarding.error ?? company.error;
  if (failure instanceof ApiError && failure.status === 404) return <NotFoundPage />;
  if (failure) {
    return (
      <CallbackLayout title={t('onboarding.callback.failedTitle')}>
        <Stack align="center" gap="md" data-testid="onboarding-callback-result">
          <FailureText>{errorMessage(failure, t('errors.unexpected'))}</FailureText>
          <Button
            onClick={() => {
              void onboarding.refetch();
              void company.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </Stack>
      </CallbackLayout>
    );
  }
  if (!onboarding.data) {
    return (
      <CallbackLayout title={t('onboarding.callback.asking')}>
        <Loader aria-hidden />
      </CallbackLayout>
    );
  }

  const { status } = onboarding.data;
  return (
    <CallbackLayout title={t('onboarding.callback.title')}>
      <Stack align="center" gap="md" data-testid="onboarding-callback-result" data-status={status}>
        <Badge
          size="xl"
          variant="dot"
          color={toneColor[onboardingLook(status).tone]}
          tt="none"
          data-testid="onboarding-status"
        >
          {t(`onboarding.statuses.${status}.title`)}
        </Badge>
        <Text>{t(`onboarding.statuses.${status}.text`)}</Text>
        <Text c="dimmed" size="sm" aria-live="polite">
          {t('onboarding.callback.redirecting')}
        </Text>
        {settingsPath && (
          <Button component={Link} to={settingsPath} replace variant="default">
            {t('onboarding.callback.toSettings')}
          </Button>
        )}
      </Stack>
    </CallbackLayout>
  );
}

/**
 * /onboarding/callback?companyId=…: the payment service sent the person back after the signatory's
 * signing. The server asks the provider where the onboarding stands; the page shows it and goes on to
 * the company's settings.
 */
export function OnboardingCallbackPage({ query }: { query: OnboardingCallbackQuery }) {
  const isSignedIn = useSession() !== null;
  if (!isSignedIn) return <SignInNeeded />;
  return <OnboardingReturn companyId={query.companyId} />;
}
