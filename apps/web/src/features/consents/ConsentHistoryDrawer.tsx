import type { Consent, ConsentEvent } from '@bilag/contracts';
import { Badge, Drawer, Group, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { QueryGate } from '../../ui/QueryGate';
import classes from './consent.module.css';
import { consentKeys } from './consent.queries';

type ConsentHistoryDrawerProps = {
  companyId: number;
  /** The consent whose history is open; null closes the drawer. */
  consent: Consent | null;
  onClose: () => void;
};

function EventList({ events, emptyText }: { events: ConsentEvent[]; emptyText: string }) {
  const { t } = useTranslation();
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <Stack
          key={event.id}
          component="li"
          gap={2}
          p="xs"
          className={event.isError ? classes.errorEvent : undefined}
          data-testid={event.isError ? 'consent-error-event' : 'consent-event'}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              {event.isError && (
                <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
              )}
              <Text size="sm" fw={600} c={event.isError ? 'red.9' : undefined}>
                {event.isError && <VisuallyHidden>{t('consents.history.errorPrefix')} </VisuallyHidden>}
                {event.message}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(event.createdAt, DateFormat.dateTime)}
            </Text>
          </Group>
          {event.userName && (
            <Text size="xs" c="dimmed">
              {t('consents.history.by', { name: event.userName })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** Everything that happened to a consent, newest first, with what went wrong marked and listed apart. */
export function ConsentHistoryDrawer({ companyId, consent, onClose }: ConsentHistoryDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const consentId = consent?.id ?? 0;
  const history = useQuery({ ...consentKeys.history(companyId, consentId), enabled: consent !== null });
  const errors = useQuery({ ...consentKeys.errors(companyId, consentId), enabled: consent !== null });
  return (
    <Drawer
      opened={consent !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'lg'}
      title={consent ? t('consents.history.title', { bank: consent.bankName }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="consent-history"
    >
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('consents.history.all')}
          </Tabs.Tab>
          <Tabs.Tab
            value="errors"
            leftSection={<IconAlertTriangle size={16} aria-hidden />}
            rightSection={
              errors.data && errors.data.length > 0 ? (
                <Badge size="sm" color="red.9" circle>
                  {errors.data.length}
                </Badge>
              ) : undefined
            }
          >
            {t('consents.history.errors')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <QueryGate query={history} errorTitle={t('consents.history.loadFailed')}>
            {(events) => <EventList events={events} emptyText={t('consents.history.empty')} />}
          </QueryGate>
        </Tabs.Panel>
        <Tabs.Panel value="errors">
          <QueryGate query={errors} errorTitle={t('consents.history.loadFailed')}>
            {(events) => <EventList events={events} emptyText={t('consents.history.noErrors')} />}
          </QueryGate>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
