import type { ReminderSettings } from '@bilag/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { useCanEditReminders } from './reminder.access';
import { reminderKeys } from './reminder.queries';

type ReminderSectionProps = {
  companyId: number;
  headingId: string;
  testId: string;
  title: string;
  description: string;
  /** The section's form, once the company's settings are read. */
  children: (settings: ReminderSettings, canEdit: boolean) => ReactNode;
};

/** A card of the company's reminder settings: its heading, and its form once the settings are read. */
export function ReminderSection({
  companyId,
  headingId,
  testId,
  title,
  description,
  children,
}: ReminderSectionProps) {
  const { t } = useTranslation();
  const settings = useQuery(reminderKeys.settings(companyId));
  const canEdit = useCanEditReminders();

  return (
    <SectionCard headingId={headingId} data-testid={testId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <QueryGate query={settings} errorTitle={t('reminders.loadFailed')}>
          {(data) => children(data, canEdit)}
        </QueryGate>
      </Stack>
    </SectionCard>
  );
}
