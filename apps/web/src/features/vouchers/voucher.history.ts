import type { VoucherHistoryEntry } from '@bilag/contracts';
import {
  asRecord,
  changedFields,
  type FieldChange as FieldChangeOf,
  optionalNumber,
  optionalText,
} from '../../ui/history';

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

export type FieldChange = FieldChangeOf<HistoryField>;

export type HistoryEvent =
  | { kind: 'created'; fileName: string | undefined }
  | { kind: 'updated'; changes: FieldChange[] }
  | { kind: 'deleted' }
  | { kind: 'balanceAdded'; amountOre: number | undefined; description: string | undefined }
  | { kind: 'balanceRemoved'; amountOre: number | undefined; description: string | undefined }
  | { kind: 'other'; action: string };

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
      return { kind: 'updated', changes: changedFields(entry.Before, entry.After, HISTORY_FIELDS) };
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
