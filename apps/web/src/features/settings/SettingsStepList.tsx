import type { CompanySettings, SettingsStep } from '@bilag/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowRight, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { safeAppPath } from '../../app/callbacks/callback-query';
import { CompanyEmailAddress } from '../mail';
import { ONBOARDING_HEADING_ID } from './OnboardingCard';

/** What a done step's line says: how many there are of what it set up, or that it is in place. */
function doneSummary(step: SettingsStep, t: TFunction): string {
  switch (step.key) {
    case 'bankAccounts':
      return t('settings.counts.bankAccounts', { count: step.count });
    case 'consents':
      return t('settings.counts.consents', { count: step.count });
    case 'paymentUsers':
      return t('settings.counts.paymentUsers', { count: step.count });
    default:
      return t(`settings.doneTexts.${step.key}`);
  }
}

function StepSummary({ step, emailAddress }: { step: SettingsStep; emailAddress: string }) {
  const { t } = useTranslation();
  if (step.key === 'emailAddress') {
    return (
      <Stack gap={0}>
        <Text size="sm" c="dimmed" data-testid="step-summary">
          {t('settings.doneTexts.emailAddress')}
        </Text>
        <CompanyEmailAddress address={emailAddress} />
      </Stack>
    );
  }
  if (!step.done) {
    return (
      <Text size="sm" data-testid="step-todo">
        {step.todo ?? t('settings.todo')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="step-summary">
      {doneSummary(step, t)}
    </Text>
  );
}

function StepLine({
  step,
  position,
  emailAddress,
}: {
  step: SettingsStep;
  position: number;
  emailAddress: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t(`settings.steps.${step.key}`);
  const link = safeAppPath(step.link);
  // A step done on this very page (the onboarding) leads to its card instead of opening the page again.
  const isThisPage = link !== undefined && link.replace(/\/$/, '') === pathname.replace(/\/$/, '');
  // A button is named by what it shows ("Open"), then, for a screen reader, by its step: speech input
  // can say what it sees (WCAG 2.5.3). Inside the button's text, so no space is read before it.
  const stepName = <VisuallyHidden> {t('settings.stepNamed', { step: title })}</VisuallyHidden>;
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="sm"
      py="md"
      px="lg"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={`settings-step-${step.key}`}
      data-done={step.done}
    >
      <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
        <ThemeIcon variant="light" color={step.done ? 'green' : 'gray'} size={36} radius="xl">
          {step.done ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleDashed size={20} aria-hidden />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} fz="md">
              <Text span c="dimmed" fz="sm" mr={6}>
                {position}.
              </Text>
              {title}
            </Title>
            <Badge
              variant="dot"
              color={step.done ? 'green' : 'orange'}
              radius="sm"
              tt="none"
              data-testid="step-state"
            >
              {step.done ? t('settings.done') : t('settings.notDone')}
            </Badge>
          </Group>
          <StepSummary step={step} emailAddress={emailAddress} />
        </Stack>
      </Group>
      {link && !isThisPage && (
        <Button
          component={Link}
          to={link}
          variant={step.done ? 'subtle' : 'light'}
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {step.done ? t('settings.open') : t('settings.doIt')}
          {stepName}
        </Button>
      )}
      {isThisPage && step.key === 'onboarding' && !step.done && (
        <Button
          variant="light"
          rightSection={<IconArrowDown size={16} aria-hidden />}
          onClick={() => document.getElementById(ONBOARDING_HEADING_ID)?.focus()}
        >
          {t('settings.doIt')}
          {stepName}
        </Button>
      )}
    </Group>
  );
}

/** The company's setup steps in their order, each done or left to do, with where it is done. */
export function SettingsStepList({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation();
  const total = settings.steps.length;
  const progress = t('settings.progress', { done: settings.doneCount, total });
  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="settings-steps-heading">
      <Stack gap="xs" p="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="settings-steps-heading">
            {t('settings.stepsTitle')}
          </Title>
          <Text size="sm" fw={600} data-testid="settings-progress">
            {progress}
          </Text>
        </Group>
        <Progress
          value={total === 0 ? 0 : (settings.doneCount / total) * 100}
          color={settings.doneCount === total ? 'green' : 'brand'}
          size="md"
          radius="xl"
          aria-label={progress}
        />
        {settings.doneCount === total && (
          <Text size="sm" c="green.9" data-testid="settings-all-done">
            {t('settings.allDone')}
          </Text>
        )}
      </Stack>
      <Stack
        component="ol"
        gap={0}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('settings.stepsTitle')}
      >
        {settings.steps.map((step, index) => (
          <StepLine key={step.key} step={step} position={index + 1} emailAddress={settings.emailAddress} />
        ))}
      </Stack>
    </Card>
  );
}
