import type { VoucherHistoryEntry } from '@bilag/contracts';
import { asRecord, changedFields, type FieldChange, optionalNumber, optionalText } from '../../ui/history';

/** The fields of a transaction's audit snapshot a person changes, in the order the form shows them. */
export const TRANSACTION_HISTORY_FIELDS = [
  'status',
  'paymentStatus',
  'paymentDate',
  'isPrivate',
  'note',
] as const;
export type TransactionHistoryField = (typeof TRANSACTION_HISTORY_FIELDS)[number];

export type TransactionHistoryEvent =
  | { kind: 'imported'; importId: number }
  | { kind: 'created' }
  | { kind: 'updated'; changes: FieldChange<TransactionHistoryField>[] }
  | { kind: 'attached'; fileName: string | undefined }
  | { kind: 'deleted' }
  | { kind: 'other'; action: string };

/** Reads one audit row of a bank transaction into what happened. */
export function describeTransactionEntry(
  entry: Pick<VoucherHistoryEntry, 'Action' | 'Before' | 'After'>,
): TransactionHistoryEvent {
  const after = asRecord(entry.After);
  switch (entry.Action) {
    case 'create': {
      const importId = optionalNumber(after.importId);
      return importId === undefined ? { kind: 'created' } : { kind: 'imported', importId };
    }
    case 'update':
      return {
        kind: 'updated',
        changes: changedFields(entry.Before, entry.After, TRANSACTION_HISTORY_FIELDS),
      };
    case 'attach':
      return { kind: 'attached', fileName: optionalText(after.fileName) };
    case 'delete':
      return { kind: 'deleted' };
    default:
      return { kind: 'other', action: entry.Action };
  }
}

/**
 * Attaching files saves the form's fields unchanged beside them, which leaves an update that changed
 * nothing; such rows say nothing a person needs, so the history leaves them out.
 */
export function meaningfulEntries<Entry extends Pick<VoucherHistoryEntry, 'Action' | 'Before' | 'After'>>(
  entries: readonly Entry[],
): Entry[] {
  return entries.filter((entry) => {
    const event = describeTransactionEntry(entry);
    return event.kind !== 'updated' || event.changes.length > 0;
  });
}
