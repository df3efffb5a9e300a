import type { Notification } from '@bilag/contracts';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeAppPath } from '../../app/callbacks/callback-query';
import { useLanguage } from '../../i18n/useLanguage';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useLiveUpdates } from './live-updates';
import classes from './NotificationBell.module.css';
import { notificationTime } from './notification.format';
import { useMarkAllNotificationsReadMutation, useReadNotificationMutation } from './notification.mutations';
import { notificationKeys } from './notification.queries';

/** More unread than this shows as "99+" on the bell. */
const MOST_COUNTED = 99;

type NotificationLineProps = {
  notification: Notification;
  isToday: boolean;
  onOpen: (notification: Notification) => void;
};

function NotificationLine({ notification, isToday, onOpen }: NotificationLineProps) {
  const { t } = useTranslation();
  const time = notificationTime(notification.createdAt, isToday);
  return (
    <li>
      <UnstyledButton
        className={classes.line}
        data-unread={notification.isUnRead || undefined}
        onClick={() => onOpen(notification)}
        data-testid={`notification-${notification.id}`}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box className={classes.dot} aria-hidden />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {notification.isUnRead && <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>}
            <Text size="sm" fw={notification.isUnRead ? 700 : 500}>
              {notification.title}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {notification.body}
            </Text>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <time dateTime={notification.createdAt}>{time}</time>
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

type NotificationGroupProps = {
  title: string;
  notifications: Notification[];
  isToday: boolean;
  onOpen: (notification: Notification) => void;
  'data-testid': string;
};

function NotificationGroup({
  title,
  notifications,
  isToday,
  onOpen,
  'data-testid': testId,
}: NotificationGroupProps) {
  if (notifications.length === 0) return null;
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="md" pt="sm" pb={4}>
        {title}
      </Text>
      <ul className={classes.list}>
        {notifications.map((notification) => (
          <NotificationLine
            key={notification.id}
            notification={notification}
            isToday={isToday}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </Box>
  );
}

/**
 * The bell in the header: how many of the person's notifications in the company are unread, and a panel
 * of today's and earlier ones. Opening one marks it read and goes where it points. The bell keeps the
 * company's live stream open while the person is in the company.
 */
export function NotificationBell({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const panel = useQuery(notificationKeys.panel(companyId, language));
  useLiveUpdates(companyId);
  const readOne = useReadNotificationMutation(companyId);
  const markAll = useMarkAllNotificationsReadMutation(companyId);
  const unread = panel.data?.countUnRead ?? 0;

  function onOpen(notification: Notification) {
    if (notification.isUnRead) readOne.mutate(notification);
    const link = safeAppPath(notification.link);
    if (link) {
      setIsOpen(false);
      navigate(link);
    }
  }

  const isEmpty = panel.data !== undefined && panel.data.todays.length + panel.data.older.length === 0;
  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      width={380}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
    >
      <Indicator
        label={unread > MOST_COUNTED ? `${MOST_COUNTED}+` : unread}
        disabled={unread === 0}
        size={18}
        color="red.8"
        offset={6}
        data-testid="notification-count"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setIsOpen((open) => !open)}
            aria-label={
              unread === 0 ? t('notifications.bell') : t('notifications.bellUnread', { count: unread })
            }
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)" aria-labelledby="notifications-heading">
        <Group justify="space-between" wrap="nowrap" px="md" py="sm" className={classes.head}>
          <Title order={2} fz="md" id="notifications-heading">
            {t('notifications.title')}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        {panel.isError && (
          <Box p="md">
            <ErrorAlert
              title={t('notifications.loadFailed')}
              error={panel.error}
              onRetry={() => void panel.refetch()}
            />
          </Box>
        )}
        {!panel.data && !panel.isError && (
          <Center py="lg">
            <LoadingSpinner size="sm" />
          </Center>
        )}
        {isEmpty && (
          <Stack align="center" gap={6} p="lg" ta="center" data-testid="notifications-empty">
            <IconBellOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fw={600}>{t('notifications.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('notifications.emptyText')}
            </Text>
          </Stack>
        )}
        {panel.data && !isEmpty && (
          <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto">
            <Box pb="xs">
              <NotificationGroup
                title={t('notifications.today')}
                notifications={panel.data.todays}
                isToday
                onOpen={onOpen}
                data-testid="notifications-today"
              />
              <NotificationGroup
                title={t('notifications.earlier')}
                notifications={panel.data.older}
                isToday={false}
                onOpen={onOpen}
                data-testid="notifications-earlier"
              />
            </Box>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
