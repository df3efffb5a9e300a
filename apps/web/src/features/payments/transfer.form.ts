import type { InternalTransferDraft, Payment } from '@bilag/contracts';
import { formatDate, type IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { isDomainError } from '@bilag/domain/errors';
import { parseAmount } from '@bilag/domain/money/norwegian';
import { bankableDueDate } from '@bilag/domain/payments/payment-check';
import { readDate } from '../../ui/dates';
import { formatOre } from '../../ui/format';
import type { FieldError } from '../../ui/useParsedForm';
import { MESSAGE_MAX_LENGTH } from './payment.form';

/** What the transfer form holds, as typed. */
export type TransferFormValues = {
  fromCompanyBankId: string | null;
  toCompanyBankId: string | null;
  amount: string;
  dueDate: string;
  message: string;
};

export type TransferFormField = keyof TransferFormValues;

export type ParsedTransferForm =
  | { isValid: true; draft: InternalTransferDraft }
  | { isValid: false; errors: Partial<Record<TransferFormField, FieldError>> };

export function emptyTransferForm(): TransferFormValues {
  return { fromCompanyBankId: null, toCompanyBankId: null, amount: '', dueDate: '', message: '' };
}

/** A transfer as the list gives it: the company's own account it leaves is the debtor, the one it reaches the creditor. */
export function toTransferFormValues(transfer: Payment): TransferFormValues {
  return {
    fromCompanyBankId: transfer.DebtorCompanyBankId === null ? null : String(transfer.DebtorCompanyBankId),
    toCompanyBankId: transfer.CreditorCompanyBankId === null ? null : String(transfer.CreditorCompanyBankId),
    amount: formatOre(transfer.AmountOre).replaceAll('\u00A0', ' '),
    dueDate: formatDate(transfer.DueDate),
    message: transfer.Message ?? '',
  };
}

/** Reads the transfer form: two different accounts, an amount above zero, a due date from today on. */
export function parseTransferForm(values: TransferFormValues, today: IsoDate): ParsedTransferForm {
  const errors: Partial<Record<TransferFormField, FieldError>> = {};
  if (values.fromCompanyBankId === null) errors.fromCompanyBankId = 'payments.transfers.errors.fromRequired';
  if (values.toCompanyBankId === null) errors.toCompanyBankId = 'payments.transfers.errors.toRequired';
  else if (values.toCompanyBankId === values.fromCompanyBankId)
    errors.toCompanyBankId = 'payments.transfers.errors.sameAccount';

  let amountOre: number | undefined;
  if (values.amount.trim() === '') errors.amount = 'payments.form.errors.amountRequired';
  else {
    try {
      amountOre = parseAmount(values.amount);
      if (amountOre <= 0) errors.amount = 'payments.problems.AMOUNT_NOT_POSITIVE';
    } catch (error) {
      if (!isDomainError(error)) throw error;
      errors.amount =
        error.code === 'AMBIGUOUS_AMOUNT'
          ? 'payments.form.errors.amountAmbiguous'
          : 'payments.form.errors.amountInvalid';
    }
  }

  const date = readDate(values.dueDate, today);
  let dueDate: IsoDate | undefined;
  if ('error' in date) errors.dueDate = 'payments.form.errors.date';
  else if (date.date === null) errors.dueDate = 'payments.form.errors.dueDateRequired';
  else if (date.date < today)
    errors.dueDate = { key: 'payments.problems.DUE_DATE_PAST', earliest: formatDate(today) };
  else dueDate = date.date;

  const message = values.message.trim();
  if (message.length > MESSAGE_MAX_LENGTH) errors.message = 'payments.transfers.errors.messageTooLong';

  if (Object.keys(errors).length > 0 || amountOre === undefined || dueDate === undefined)
    return { isValid: false, errors };
  return {
    isValid: true,
    draft: {
      fromCompanyBankId: Number(values.fromCompanyBankId),
      toCompanyBankId: Number(values.toCompanyBankId),
      amountOre,
      dueDate,
      ...(message ? { message } : {}),
    },
  };
}

/** The next banking day, when the typed date is a weekend or a Norwegian bank holiday. */
export function movedTransferDate(values: TransferFormValues, today: IsoDate): IsoDate | undefined {
  const date = readDate(values.dueDate, today);
  if ('error' in date || date.date === null || date.date < today) return undefined;
  const moved = bankableDueDate(date.date, { today, currency: 'NOK', isInternational: false });
  return moved === date.date ? undefined : moved;
}
