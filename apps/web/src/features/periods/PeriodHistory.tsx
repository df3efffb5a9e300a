import type { PeriodEvent } from '@bilag/contracts';
import { Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { SectionCard } from '../../ui/SectionCard';

/** Every closing and reopening of the month, newest first, with who did it and why it was reopened. */
export function PeriodHistory({ events }: { events: readonly PeriodEvent[] }) {
  const { t } = useTranslation();
  const newestFirst = [...events].sort((first, second) => second.at.localeCompare(first.at));
  return (
    <SectionCard headingId="period-history-heading" data-testid="period-history">
      <Title order={2} fz="lg" mb="md" id="period-history-heading">
        {t('periods.history.title')}
      </Title>
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('periods.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={newestFirst.length}>
          {newestFirst.map((event) => {
            const EventIcon = event.kind === 'closed' ? IconLock : IconLockOpen;
            return (
              <Timeline.Item
                key={`${event.kind}-${event.at}`}
                bullet={<EventIcon size={12} aria-hidden />}
                title={
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t(`periods.history.${event.kind}`)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(event.at, DateFormat.dateTime)}
                    </Text>
                  </Group>
                }
                data-testid="period-history-entry"
                data-kind={event.kind}
              >
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('periods.history.by', { name: event.byName ?? t('periods.system') })}
                  </Text>
                  {event.kind === 'closed' && event.exceptionCount > 0 && (
                    <Text size="sm">{t('periods.history.exceptions', { count: event.exceptionCount })}</Text>
                  )}
                  {event.reason && (
                    <Text size="sm" data-testid="period-history-reason">
                      {event.reason}
                    </Text>
                  )}
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </SectionCard>
  );
}
