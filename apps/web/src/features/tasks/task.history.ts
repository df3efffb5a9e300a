import type { TaskStatus, VoucherHistoryEntry } from '@bilag/contracts';
import { asRecord, changedFields, type FieldChange } from '../../ui/history';

/** The fields of a task its history shows changes of, in the order they are listed. */
export const TASK_HISTORY_FIELDS = [
  'title',
  'status',
  'dueDate',
  'assigneeUserIds',
  'labelIds',
  'isRequireNote',
  'isRequireVoucher',
  'link',
  'content',
] as const;
export type TaskHistoryField = (typeof TASK_HISTORY_FIELDS)[number];

export type TaskHistoryEvent =
  | { kind: 'created' }
  /** Started, finished or reopened, with what else changed in the same step (the note written on finishing). */
  | { kind: 'statusChanged'; status: TaskStatus; changes: FieldChange<TaskHistoryField>[] }
  | { kind: 'updated'; changes: FieldChange<TaskHistoryField>[] }
  | { kind: 'filesAttached'; fileNames: string[] }
  | { kind: 'fileRemoved'; fileName: string }
  | { kind: 'deleted' }
  | { kind: 'other'; action: string };

const STATUSES: readonly string[] = ['todo', 'in-progress', 'done'];

function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && STATUSES.includes(value);
}

/** Links are objects, compared by what they point at rather than by identity. */
function comparable(snapshot: unknown): Record<string, unknown> {
  const record = asRecord(snapshot);
  const link = asRecord(record.link);
  return 'link' in record
    ? { ...record, link: record.link === null ? null : `${String(link.kind)}:${String(link.id)}` }
    : record;
}

/** What one audit row of a task says, read from its snapshots before and after. */
export function describeTaskHistoryEntry(entry: VoucherHistoryEntry): TaskHistoryEvent {
  switch (entry.Action) {
    case 'create':
      return { kind: 'created' };
    case 'delete':
      return { kind: 'deleted' };
    case 'attach': {
      const files = asRecord(entry.After).files;
      return {
        kind: 'filesAttached',
        fileNames: Array.isArray(files) ? files.filter((name) => typeof name === 'string') : [],
      };
    }
    case 'detach': {
      const file = asRecord(entry.Before).file;
      return { kind: 'fileRemoved', fileName: typeof file === 'string' ? file : '' };
    }
    case 'update': {
      const changes = changedFields(comparable(entry.Before), comparable(entry.After), TASK_HISTORY_FIELDS);
      const status = changes.find((change) => change.field === 'status');
      if (status && isTaskStatus(status.after))
        return {
          kind: 'statusChanged',
          status: status.after,
          changes: changes.filter((change) => change !== status),
        };
      return { kind: 'updated', changes };
    }
    default:
      return { kind: 'other', action: entry.Action };
  }
}
