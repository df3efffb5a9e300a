import type { Voucher } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { isDomainError } from '@bilag/domain/errors';
import { parseAmount } from '@bilag/domain/money/norwegian';
import { formatAccountNumber, validateAccountNumber } from '@bilag/domain/validators/account-number';
import { validateKid } from '@bilag/domain/validators/kid';
import { readDate } from '../../ui/dates';
import { formatOre } from '../../ui/format';
import type { VoucherChanges } from './voucher.mutations';

/** What the edit form holds: text as typed, read into API values only when saved. */
export type VoucherFormValues = {
  date: string;
  supplierName: string;
  amount: string;
  currency: string;
  dueDate: string;
  kid: string;
  accountNumber: string;
  description: string;
  labels: string[];
  isPaid: boolean;
};

export type VoucherFormErrorKey =
  | 'vouchers.form.errors.date'
  | 'vouchers.form.errors.amount'
  | 'vouchers.form.errors.amountAmbiguous'
  | 'vouchers.form.errors.currency'
  | 'vouchers.form.errors.kidDigits'
  | 'vouchers.form.errors.kidLength'
  | 'vouchers.form.errors.kidChecksum'
  | 'vouchers.form.errors.accountDigits'
  | 'vouchers.form.errors.accountLength'
  | 'vouchers.form.errors.accountChecksum';

export type VoucherFormErrors = Partial<Record<keyof VoucherFormValues, VoucherFormErrorKey>>;

export type ParsedVoucherForm =
  | { isValid: true; changes: Required<Omit<VoucherChanges, 'status'>> }
  | { isValid: false; errors: VoucherFormErrors };

export const MAX_LABELS = 20;
export const MAX_LABEL_LENGTH = 40;

export function toFormValues(voucher: Voucher): VoucherFormValues {
  return {
    date: voucher.Date ? formatDate(voucher.Date) : '',
    supplierName: voucher.SupplierName ?? '',
    amount: voucher.AmountOre === null ? '' : formatOre(voucher.AmountOre).replaceAll('\u00A0', ' '),
    currency: voucher.Currency,
    dueDate: voucher.DueDate ? formatDate(voucher.DueDate) : '',
    kid: voucher.Kid ?? '',
    accountNumber: voucher.AccountNumber ? formatAccountNumber(voucher.AccountNumber) : '',
    description: voucher.Description ?? '',
    labels: voucher.Labels,
    isPaid: voucher.IsPaid,
  };
}

function readAmount(text: string): { amountOre: number | null } | { error: VoucherFormErrorKey } {
  if (text.trim() === '') return { amountOre: null };
  try {
    return { amountOre: parseAmount(text) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      error:
        error.code === 'AMBIGUOUS_AMOUNT'
          ? 'vouchers.form.errors.amountAmbiguous'
          : 'vouchers.form.errors.amount',
    };
  }
}

function readKid(text: string): { kid: string | null } | { error: VoucherFormErrorKey } {
  if (text.trim() === '') return { kid: null };
  const result = validateKid(text);
  if (result.valid && result.normalized) return { kid: result.normalized };
  if (result.reason === 'NOT_DIGITS') return { error: 'vouchers.form.errors.kidDigits' };
  if (result.reason === 'LENGTH') return { error: 'vouchers.form.errors.kidLength' };
  return { error: 'vouchers.form.errors.kidChecksum' };
}

function readAccountNumber(text: string): { accountNumber: string | null } | { error: VoucherFormErrorKey } {
  if (text.trim() === '') return { accountNumber: null };
  const result = validateAccountNumber(text);
  if (result.valid && result.normalized) return { accountNumber: result.normalized };
  if (result.reason === 'NOT_DIGITS') return { error: 'vouchers.form.errors.accountDigits' };
  if (result.reason === 'LENGTH') return { error: 'vouchers.form.errors.accountLength' };
  return { error: 'vouchers.form.errors.accountChecksum' };
}

function uniqueLabels(labels: string[]): string[] {
  const trimmed = labels
    .map((label) => label.trim().slice(0, MAX_LABEL_LENGTH))
    .filter((label) => label !== '');
  return [...new Set(trimmed)].slice(0, MAX_LABELS);
}

/** Checks every field at once, so a person sees all that needs fixing before saving again. */
export function parseVoucherForm(values: VoucherFormValues, today: string): ParsedVoucherForm {
  const errors: VoucherFormErrors = {};
  const date = readDate(values.date, today);
  if ('error' in date) errors.date = 'vouchers.form.errors.date';
  const dueDate = readDate(values.dueDate, today);
  if ('error' in dueDate) errors.dueDate = 'vouchers.form.errors.date';
  const amount = readAmount(values.amount);
  if ('error' in amount) errors.amount = amount.error;
  const currency = values.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'vouchers.form.errors.currency';
  const kid = readKid(values.kid);
  if ('error' in kid) errors.kid = kid.error;
  const accountNumber = readAccountNumber(values.accountNumber);
  if ('error' in accountNumber) errors.accountNumber = accountNumber.error;

  if (
    'error' in date ||
    'error' in dueDate ||
    'error' in amount ||
    'error' in kid ||
    'error' in accountNumber
  ) {
    return { isValid: false, errors };
  }
  if (errors.currency) return { isValid: false, errors };
  return {
    isValid: true,
    changes: {
      date: date.date,
      supplierName: values.supplierName.trim() || null,
      amountOre: amount.amountOre,
      currency,
      dueDate: dueDate.date,
      kid: kid.kid,
      accountNumber: accountNumber.accountNumber,
      description: values.description.trim() || null,
      labels: uniqueLabels(values.labels),
      isPaid: values.isPaid,
    },
  };
}
