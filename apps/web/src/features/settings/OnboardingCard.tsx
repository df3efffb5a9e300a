import type { Onboarding } from '@bilag/contracts';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { useStartOnboardingMutation } from './onboarding.mutations';
import { onboardingLook, toneColor } from './onboarding-status';
import { settingsKeys } from './settings.queries';

/** The card's heading, which the onboarding step of the list moves the focus to. */
export const ONBOARDING_HEADING_ID = 'onboarding-heading';

function StartedLine({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  if (!onboarding.startedAt) return null;
  const date = formatDate(onboarding.startedAt, DateFormat.date);
  return (
    <Text size="sm" c="dimmed" data-testid="onboarding-started">
      {onboarding.startedBy
        ? t('onboarding.startedBy', { date, name: onboarding.startedBy })
        : t('onboarding.started', { date })}
    </Text>
  );
}

type OnboardingStateProps = {
  companyId: number;
  onboarding: Onboarding;
  isChecking: boolean;
  onCheckAgain: () => void;
};

function OnboardingState({ companyId, onboarding, isChecking, onCheckAgain }: OnboardingStateProps) {
  const { t } = useTranslation();
  const start = useStartOnboardingMutation(companyId);
  const { tone, nextStep } = onboardingLook(onboarding.status);
  // With a page to sign, the browser is on its way there.
  const isLeaving = start.isSuccess && start.data.status === 'pending' && start.data.signUrl !== null;

  return (
    <Stack gap="md" align="flex-start" data-testid="onboarding-state" data-status={onboarding.status}>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('onboarding.statusLabel')}
        </Text>
        <Badge
          size="lg"
          variant="dot"
          color={toneColor[tone]}
          radius="sm"
          tt="none"
          data-testid="onboarding-status"
        >
          {t(`onboarding.statuses.${onboarding.status}.title`)}
        </Badge>
      </Group>
      <Text data-testid="onboarding-next">{t(`onboarding.statuses.${onboarding.status}.text`)}</Text>
      <StartedLine onboarding={onboarding} />
      {start.isError && <ErrorAlert error={start.error} data-testid="onboarding-start-failed" />}
      {(nextStep === 'start' || nextStep === 'startAgain') && (
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={start.isPending || isLeaving}
          onClick={() => start.mutate()}
          data-testid="onboarding-start"
        >
          {nextStep === 'start' ? t('onboarding.start') : t('onboarding.startAgain')}
        </Button>
      )}
      {nextStep === 'waitForSignatory' && (
        <Group gap="sm" wrap="wrap">
          {onboarding.signUrl && (
            <Button
              component="a"
              href={onboarding.signUrl}
              rightSection={<IconExternalLink size={16} aria-hidden />}
              data-testid="onboarding-sign-page"
            >
              {t('onboarding.openSignPage')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={isChecking}
            onClick={onCheckAgain}
            data-testid="onboarding-check-again"
          >
            {t('onboarding.checkAgain')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The company's onboarding with the payment service: where it stands, and what to do next. */
export function OnboardingCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onboarding = useQuery(settingsKeys.onboarding(companyId));

  /** Asks the provider again, and the steps with it, since they show the onboarding too. */
  function onCheckAgain() {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.company(companyId) });
  }

  return (
    <SectionCard headingId={ONBOARDING_HEADING_ID} data-testid="onboarding-card">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={ONBOARDING_HEADING_ID} tabIndex={-1} style={{ outline: 'none' }}>
            {t('onboarding.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('onboarding.intro')}
          </Text>
        </Stack>
        <QueryGate
          query={onboarding}
          errorTitle={t('onboarding.loadFailed')}
          loading={<Skeleton h={88} radius="md" />}
        >
          {(data) => (
            <OnboardingState
              companyId={companyId}
              onboarding={data}
              isChecking={onboarding.isFetching}
              onCheckAgain={onCheckAgain}
            />
          )}
        </QueryGate>
      </Stack>
    </SectionCard>
  );
}
