import type { TaskLabel, TaskStatus, TaskUser } from '@bilag/contracts';
import { Avatar, Badge, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../ui/format';

const STATUS_COLORS: Record<TaskStatus, string> = { todo: 'gray', 'in-progress': 'blue', done: 'green' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="task-status">
      {t(`tasks.status.${status}`)}
    </Badge>
  );
}

/**
 * A label in its colour. The text keeps the page's text colour, since light shades of yellow or lime
 * would not be readable as text; the colour itself shows in the background and the dot.
 */
export function TaskLabelBadge({ label }: { label: Pick<TaskLabel, 'name' | 'color'> }) {
  return (
    <Badge
      color={label.color}
      variant="light"
      radius="sm"
      tt="none"
      c="var(--mantine-color-text)"
      leftSection={
        <ColorSwatch color={`var(--mantine-color-${label.color}-filled)`} size={8} withShadow={false} />
      }
      data-testid="task-label"
    >
      {label.name}
    </Badge>
  );
}

export function TaskLabelBadges({ labels }: { labels: readonly TaskLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {labels.map((label) => (
        <TaskLabelBadge key={label.id} label={label} />
      ))}
    </Group>
  );
}

/** Dark shades, so the white initials on them stay readable (WCAG AA); a person keeps one colour. */
const AVATAR_COLORS = ['brand.8', 'indigo.8', 'grape.8', 'teal.9', 'blue.8', 'violet.8', 'cyan.9'];

/** The people a task is given to, as initials with their names for hover and for screen readers. */
export function TaskAssignees({ users }: { users: readonly TaskUser[] }) {
  const { t } = useTranslation();
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('tasks.unassigned')}
      </Text>
    );
  }
  return (
    <Tooltip.Group>
      <Avatar.Group spacing={4} aria-label={users.map((user) => user.fullName).join(', ')} role="img">
        {users.slice(0, 3).map((user) => (
          <Tooltip key={user.id} label={user.fullName} withArrow>
            <Avatar
              size="sm"
              radius="xl"
              variant="filled"
              color={AVATAR_COLORS[user.id % AVATAR_COLORS.length]}
              name={user.fullName}
              aria-hidden
            />
          </Tooltip>
        ))}
        {users.length > 3 && (
          <Avatar size="sm" radius="xl" variant="filled" color="gray.8" aria-hidden>
            +{users.length - 3}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}

/** The due date, red with a warning where it has passed while the task is still open. */
export function TaskDueDate({ dueDate, isOverdue }: { dueDate: string | null; isOverdue: boolean }) {
  const { t } = useTranslation();
  if (dueDate === null) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (!isOverdue) return <Text size="sm">{formatCalendarDate(dueDate)}</Text>;
  return (
    <Group gap={6} wrap="nowrap" data-testid="task-overdue">
      <Text size="sm" c="red.8" fw={600}>
        {formatCalendarDate(dueDate)}
      </Text>
      <Badge
        color="red.8"
        variant="filled"
        size="sm"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
      >
        {t('tasks.overdue')}
      </Badge>
    </Group>
  );
}
