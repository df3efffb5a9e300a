import type { VoucherHistoryEntry } from '@bilag/contracts';

/** The fields of a voucher's audit snapshot a person cares about, in the order the form shows them. */
export const HISTORY_FIELDS = [
  'voucherDate',
  'supplierName',
  'amountOre',
  'currency',
  'dueDate',
  'kid',
  'accountNumber',
  'description',
  'labels',
  'isPaid',
  'status',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export type FieldChange = { field: HistoryField; before: unknown; after: unknown };

export type HistoryEvent =
  | { kind: 'created'; fileName: string | undefined }
  | { kind: 'updated'; changes: FieldChange[] }
  | { kind: 'deleted' }
  | { kind: 'balanceAdded'; amountOre: number | undefined; description: string | undefined }
  | { kind: 'balanceRemoved'; amountOre: number | undefined; description: string | undefined }
  | { kind: 'other'; action: string };

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function isSame(first: unknown, second: unknown): boolean {
  if (isEmpty(first) && isEmpty(second)) return true;
  if (Array.isArray(first) && Array.isArray(second)) {
    return first.length === second.length && first.every((item, index) => item === second[index]);
  }
  return first === second;
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The fields whose value differs between the snapshots before and after a change. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const previous = asRecord(before);
  const next = asRecord(after);
  return HISTORY_FIELDS.filter((field) => field in next && !isSame(previous[field], next[field])).map(
    (field) => ({
      field,
      before: previous[field],
      after: next[field],
    }),
  );
}

/** Reads one audit row into what happened, so the history reads as changes rather than raw snapshots. */
export function describeHistoryEntry(
  entry: Pick<VoucherHistoryEntry, 'Action' | 'Before' | 'After'>,
): HistoryEvent {
  const before = asRecord(entry.Before);
  const after = asRecord(entry.After);
  switch (entry.Action) {
    case 'create':
      return { kind: 'created', fileName: optionalText(after.fileName) };
    case 'update':
      return { kind: 'updated', changes: changedFields(entry.Before, entry.After) };
    case 'delete':
      return { kind: 'deleted' };
    case 'add-balance':
      return {
        kind: 'balanceAdded',
        amountOre: optionalNumber(after.amountOre),
        description: optionalText(after.description),
      };
    case 'remove-balance':
      return {
        kind: 'balanceRemoved',
        amountOre: optionalNumber(before.amountOre),
        description: optionalText(before.description),
      };
    default:
      return { kind: 'other', action: entry.Action };
  }
}
