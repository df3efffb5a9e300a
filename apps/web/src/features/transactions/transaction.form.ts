import type { BankTransaction } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { readDate } from '../../ui/dates';
import type { TransactionChanges } from './transaction.mutations';

/** What the follow-up form holds, as typed. */
export type TransactionFormValues = {
  /** The payment status number as text, or null for none. */
  paymentStatus: string | null;
  paymentDate: string;
  isPrivate: boolean;
  note: string;
};

export type ParsedTransactionForm =
  | { isValid: true; changes: TransactionChanges }
  | { isValid: false; errors: { paymentDate?: 'bankTransactions.form.errors.date' } };

export const MAX_NOTE_LENGTH = 2000;

export function toFormValues(transaction: BankTransaction): TransactionFormValues {
  return {
    paymentStatus: transaction.PaymentStatus === null ? null : String(transaction.PaymentStatus),
    paymentDate: transaction.PaymentDate ? formatDate(transaction.PaymentDate) : '',
    isPrivate: transaction.IsPrivate,
    note: transaction.Note ?? '',
  };
}

/**
 * The fields that differ from the transaction as saved, so a save sends (and the history shows) only
 * what the person changed. An empty note is no note.
 */
export function parseTransactionForm(
  values: TransactionFormValues,
  transaction: BankTransaction,
  today: string,
): ParsedTransactionForm {
  const paymentDate = readDate(values.paymentDate, today);
  if ('error' in paymentDate)
    return { isValid: false, errors: { paymentDate: 'bankTransactions.form.errors.date' } };
  const paymentStatus = values.paymentStatus === null ? null : Number(values.paymentStatus);
  const note = values.note.trim() === '' ? null : values.note.trim();
  const changes: TransactionChanges = {};
  if (paymentStatus !== transaction.PaymentStatus) changes.paymentStatus = paymentStatus;
  if (paymentDate.date !== transaction.PaymentDate) changes.paymentDate = paymentDate.date;
  if (values.isPrivate !== transaction.IsPrivate) changes.isPrivate = values.isPrivate;
  if (note !== transaction.Note) changes.note = note;
  return { isValid: true, changes };
}
