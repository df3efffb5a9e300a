import type { CompanyBank, SaveCompanyBankRequest } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import {
  ACCOUNT_NUMBER_LENGTH,
  formatAccountNumber,
  normalizeAccountNumber,
  validateAccountNumber,
} from '@bilag/domain/validators/account-number';
import { readDate } from '../../ui/dates';

export const MAX_ACCOUNT_NAME_LENGTH = 80;

/** What the account form holds: text as typed, read into API values only when saved. */
export type BankAccountFormValues = {
  accountNumber: string;
  name: string;
  currency: string;
  /** The bank picked by hand, used only when the registry does not know the account number's bank. */
  bankId: string | null;
  serviceStartDate: string;
  serviceEndDate: string;
  isDefault: boolean;
};

export type AccountNumberErrorKey =
  | 'bankAccounts.form.errors.accountRequired'
  | 'bankAccounts.form.errors.accountDigits'
  | 'bankAccounts.form.errors.accountLength'
  | 'bankAccounts.form.errors.accountZero'
  | 'bankAccounts.form.errors.accountChecksum'
  | 'bankAccounts.form.errors.ibanLength'
  | 'bankAccounts.form.errors.ibanChecksum';

export type BankAccountFormErrorKey =
  | AccountNumberErrorKey
  | 'bankAccounts.form.errors.date'
  | 'bankAccounts.form.errors.endBeforeStart'
  | 'bankAccounts.form.errors.currency';

export type BankAccountFormErrors = Partial<Record<keyof BankAccountFormValues, BankAccountFormErrorKey>>;

export type BankAccountChanges = Omit<SaveCompanyBankRequest, 'companyId'>;

export type ParsedBankAccountForm =
  | { isValid: true; changes: BankAccountChanges }
  | { isValid: false; errors: BankAccountFormErrors };

export function emptyBankAccountForm(): BankAccountFormValues {
  return {
    accountNumber: '',
    name: '',
    currency: 'NOK',
    bankId: null,
    serviceStartDate: '',
    serviceEndDate: '',
    isDefault: false,
  };
}

export function toBankAccountFormValues(account: CompanyBank): BankAccountFormValues {
  return {
    accountNumber: formatAccountNumber(account.AccountNumber),
    name: account.Name ?? '',
    currency: account.Currency,
    bankId: account.BankId === null ? null : String(account.BankId),
    serviceStartDate: account.ServiceStartDate ? formatDate(account.ServiceStartDate) : '',
    serviceEndDate: account.ServiceEndDate ? formatDate(account.ServiceEndDate) : '',
    isDefault: account.IsDefault,
  };
}

export type AccountNumberCheck =
  /** `iban`: the Norwegian IBAN the number was typed as, compact. */
  | { state: 'valid'; normalized: string; iban?: string }
  | { state: 'incomplete' }
  | { state: 'invalid'; error: AccountNumberErrorKey };

/** "NO", its two check digits and the eleven digits of the account number. */
const NORWEGIAN_IBAN_LENGTH = 15;

/** A Norwegian IBAN as it is typed, with the spaces, dots and dashes IBANs are written with. */
function checkNorwegianIban(compact: string, text: string, isFinished: boolean): AccountNumberCheck {
  if (!/^NO\d*$/.test(compact) || compact.length > NORWEGIAN_IBAN_LENGTH)
    return { state: 'invalid', error: 'bankAccounts.form.errors.ibanLength' };
  if (compact.length < NORWEGIAN_IBAN_LENGTH)
    return isFinished
      ? { state: 'invalid', error: 'bankAccounts.form.errors.ibanLength' }
      : { state: 'incomplete' };
  const result = validateAccountNumber(text);
  if (result.valid && result.normalized !== undefined && result.iban !== undefined)
    return { state: 'valid', normalized: result.normalized, iban: result.iban };
  if (result.reason === 'IBAN_CHECKSUM')
    return { state: 'invalid', error: 'bankAccounts.form.errors.ibanChecksum' };
  return { state: 'invalid', error: 'bankAccounts.form.errors.accountChecksum' };
}

/**
 * Checks an account number as it is typed. While fewer than eleven digits are there the number is
 * only incomplete, so nobody is scolded halfway through typing; once the person is done
 * (`isFinished`: they left the field or saved), a short number is an error too. A Norwegian IBAN,
 * as statements name accounts, is taken as the account number inside it.
 */
export function checkAccountNumber(text: string, isFinished: boolean): AccountNumberCheck {
  const compactIban = text.replace(/[\s.-]/g, '').toUpperCase();
  if (/^NO?$/.test(compactIban) && !isFinished) return { state: 'incomplete' };
  if (compactIban.startsWith('NO')) return checkNorwegianIban(compactIban, text, isFinished);
  const normalized = normalizeAccountNumber(text);
  if (normalized === '')
    return isFinished
      ? { state: 'invalid', error: 'bankAccounts.form.errors.accountRequired' }
      : { state: 'incomplete' };
  if (!/^\d+$/.test(normalized)) return { state: 'invalid', error: 'bankAccounts.form.errors.accountDigits' };
  if (normalized.length < ACCOUNT_NUMBER_LENGTH && !isFinished) return { state: 'incomplete' };
  const result = validateAccountNumber(normalized);
  if (result.valid) return { state: 'valid', normalized };
  if (result.reason === 'LENGTH')
    return { state: 'invalid', error: 'bankAccounts.form.errors.accountLength' };
  if (result.reason === 'ALL_ZERO')
    return { state: 'invalid', error: 'bankAccounts.form.errors.accountZero' };
  return { state: 'invalid', error: 'bankAccounts.form.errors.accountChecksum' };
}

/** The bank registration number (the first four digits) of a complete account number. */
export function bankRegistrationNumber(normalizedAccountNumber: string): string {
  return normalizedAccountNumber.slice(0, 4);
}

/**
 * Checks every field at once, so a person sees all that needs fixing before saving again.
 * `registryBankId` is the bank the registry found for the number; a bank picked by hand counts only
 * when the registry found none.
 */
export function parseBankAccountForm(
  values: BankAccountFormValues,
  today: string,
  registryBankId: number | null,
): ParsedBankAccountForm {
  const errors: BankAccountFormErrors = {};
  const accountNumber = checkAccountNumber(values.accountNumber, true);
  if (accountNumber.state === 'invalid') errors.accountNumber = accountNumber.error;
  const start = readDate(values.serviceStartDate, today);
  if ('error' in start) errors.serviceStartDate = 'bankAccounts.form.errors.date';
  const end = readDate(values.serviceEndDate, today);
  if ('error' in end) errors.serviceEndDate = 'bankAccounts.form.errors.date';
  const currency = values.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'bankAccounts.form.errors.currency';

  if (accountNumber.state !== 'valid' || 'error' in start || 'error' in end || errors.currency)
    return { isValid: false, errors };
  if (start.date !== null && end.date !== null && end.date < start.date)
    return { isValid: false, errors: { serviceEndDate: 'bankAccounts.form.errors.endBeforeStart' } };

  const pickedBankId = values.bankId === null ? null : Number(values.bankId);
  return {
    isValid: true,
    changes: {
      accountNumber: accountNumber.normalized,
      name: values.name.trim().slice(0, MAX_ACCOUNT_NAME_LENGTH) || null,
      currency,
      bankId: registryBankId ?? pickedBankId,
      serviceStartDate: start.date,
      serviceEndDate: end.date,
      isDefault: values.isDefault,
    },
  };
}
