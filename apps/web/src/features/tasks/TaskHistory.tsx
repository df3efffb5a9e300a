import {
  type TaskLabel,
  TaskLinkKind,
  TaskStatus,
  type TaskUser,
  type VoucherHistoryEntry,
} from '@bilag/contracts';
import { isIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconEdit,
  IconFileMinus,
  IconFilePlus,
  IconPaperclip,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../ui/format';
import { FieldChangeLines, type HistoryEventView, HistoryTimeline } from '../../ui/HistoryTimeline';
import { describeTaskHistoryEntry, type TaskHistoryEvent, type TaskHistoryField } from './task.history';

const fieldLabelKeys = {
  title: 'tasks.fields.title',
  status: 'tasks.fields.status',
  dueDate: 'tasks.fields.dueDate',
  assigneeUserIds: 'tasks.fields.assignees',
  labelIds: 'tasks.fields.labels',
  isRequireNote: 'tasks.fields.isRequireNote',
  isRequireVoucher: 'tasks.fields.isRequireVoucher',
  link: 'tasks.fields.link',
  content: 'tasks.fields.note',
} as const satisfies Record<TaskHistoryField, string>;

const EMPTY = '—';

/** Names of the people and labels a change names by id; one no longer known shows by its number. */
type Names = { users: ReadonlyMap<number, string>; labels: ReadonlyMap<number, string> };

function namesOf(ids: unknown, nameById: ReadonlyMap<number, string>): string {
  if (!Array.isArray(ids) || ids.length === 0) return EMPTY;
  return ids.map((id) => nameById.get(Number(id)) ?? `#${String(id)}`).join(', ');
}

function formatValue(field: TaskHistoryField, value: unknown, names: Names, t: TFunction): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field) {
    case 'status': {
      const status = TaskStatus.safeParse(value);
      return status.success ? t(`tasks.status.${status.data}`) : String(value);
    }
    case 'dueDate':
      return typeof value === 'string' && isIsoDate(value) ? formatCalendarDate(value) : String(value);
    case 'assigneeUserIds':
      return namesOf(value, names.users);
    case 'labelIds':
      return namesOf(value, names.labels);
    case 'isRequireNote':
    case 'isRequireVoucher':
      return value === true ? t('tasks.history.yes') : t('tasks.history.no');
    case 'link': {
      if (typeof value !== 'string') return String(value);
      const [kind, id = ''] = value.split(':');
      const linkKind = TaskLinkKind.safeParse(kind);
      return linkKind.success ? `${t(`tasks.link.kinds.${linkKind.data}`)} ${id}` : value;
    }
    default:
      return String(value);
  }
}

function eventTitle(event: TaskHistoryEvent, t: TFunction): string {
  switch (event.kind) {
    case 'created':
      return t('tasks.history.created');
    case 'statusChanged':
      return t(`tasks.history.status.${event.status}`);
    case 'updated':
      return t('tasks.history.updated');
    case 'filesAttached':
      return t('tasks.history.filesAttached', { count: event.fileNames.length });
    case 'fileRemoved':
      return t('tasks.history.fileRemoved');
    case 'deleted':
      return t('tasks.history.deleted');
    case 'other':
      return event.action;
  }
}

const EVENT_ICONS = {
  created: IconFilePlus,
  statusChanged: IconCircleCheck,
  updated: IconEdit,
  filesAttached: IconPaperclip,
  fileRemoved: IconFileMinus,
  deleted: IconTrash,
  other: IconEdit,
} as const;

function EventBody({ event, names, t }: { event: TaskHistoryEvent; names: Names; t: TFunction }) {
  switch (event.kind) {
    case 'statusChanged':
      if (event.changes.length === 0) return null;
      return (
        <FieldChangeLines
          changes={event.changes}
          labelOf={(field) => t(fieldLabelKeys[field])}
          formatValue={(field, value) => formatValue(field, value, names, t)}
          noChangesText=""
        />
      );
    case 'updated':
      return (
        <FieldChangeLines
          changes={event.changes}
          labelOf={(field) => t(fieldLabelKeys[field])}
          formatValue={(field, value) => formatValue(field, value, names, t)}
          noChangesText={t('tasks.history.noChanges')}
        />
      );
    case 'filesAttached':
      return <Text size="sm">{event.fileNames.join(', ')}</Text>;
    case 'fileRemoved':
      return <Text size="sm">{event.fileName}</Text>;
    default:
      return null;
  }
}

/** Who did what to the task and when, newest first; people and labels by name. */
export function TaskHistory({
  entries,
  users,
  labels,
}: {
  entries: VoucherHistoryEntry[];
  users: readonly TaskUser[];
  labels: readonly TaskLabel[];
}) {
  const { t } = useTranslation();
  const names: Names = {
    users: new Map(users.map((user) => [user.id, user.fullName])),
    labels: new Map(labels.map((label) => [label.id, label.name])),
  };
  function describeEntry(entry: VoucherHistoryEntry): HistoryEventView {
    const event = describeTaskHistoryEntry(entry);
    return {
      title: eventTitle(event, t),
      icon: EVENT_ICONS[event.kind],
      body: <EventBody event={event} names={names} t={t} />,
    };
  }
  return (
    <HistoryTimeline
      entries={entries}
      describeEntry={describeEntry}
      byLine={(name) => t('tasks.history.by', { name: name ?? t('tasks.history.system') })}
      heading={t('tasks.history.title')}
      emptyText={t('tasks.history.empty')}
      headingId="task-history-heading"
      data-testid="task-history"
    />
  );
}
