import {
  type ConsentBankTemplate,
  type CreateConsentRequest,
  DEFAULT_CONSENT_FREQUENCY_PER_DAY,
  MAX_CONSENT_DAYS,
  type RenewConsentRequest,
} from '@bilag/contracts';
import { addDays, formatDate, type IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { validateBic } from '@bilag/domain/validators/bic';
import { validateNationalIdentityNumber } from '@bilag/domain/validators/national-identity-number';
import { readDate } from '../../ui/dates';
import type { FieldError } from '../../ui/useParsedForm';

/** The zone of a consent's days: the bank's and the server's, whatever zone the page shows times in. */
export const BANK_TIME_ZONE = 'Europe/Oslo';

export const MIN_READS_PER_DAY = 1;
export const MAX_READS_PER_DAY = 24;

/** The last day a consent made today may run to: banks grant at most MAX_CONSENT_DAYS. */
export function latestValidUntil(today: IsoDate): IsoDate {
  return addDays(today, MAX_CONSENT_DAYS);
}

/** What the create form holds: text as typed, read into the API's values only when sent. */
export type CreateConsentFormValues = {
  bankId: string | null;
  /** The ticked accounts of the chosen bank. */
  accountNumbers: string[];
  validUntil: string;
  frequencyPerDay: number | string;
  accountOwnerSsn: string;
};

export type CreateConsentFields = keyof CreateConsentFormValues;
export type ConsentFormErrors<Field extends string> = Partial<Record<Field, FieldError>>;

export type ParsedCreateConsentForm =
  | { isValid: true; request: Omit<CreateConsentRequest, 'companyId'> }
  | { isValid: false; errors: ConsentFormErrors<CreateConsentFields> };

/** A new consent asks for the longest a bank grants, for every account of the first bank offered. */
export function emptyCreateConsentForm(
  today: IsoDate,
  firstBank: ConsentBankTemplate | undefined,
): CreateConsentFormValues {
  return {
    bankId: firstBank ? String(firstBank.bankId) : null,
    accountNumbers: firstBank?.accountNumbers ?? [],
    validUntil: formatDate(latestValidUntil(today)),
    frequencyPerDay: DEFAULT_CONSENT_FREQUENCY_PER_DAY,
    accountOwnerSsn: '',
  };
}

/** Empty means the bank's longest; otherwise from tomorrow up to MAX_CONSENT_DAYS ahead. */
function parseValidUntil(
  text: string,
  today: IsoDate,
): { date: IsoDate | undefined } | { error: FieldError } {
  const read = readDate(text, today);
  if ('error' in read) return { error: 'consents.form.errors.date' };
  if (read.date === null) return { date: undefined };
  if (read.date <= today) return { error: 'consents.form.errors.validUntilPast' };
  const latest = latestValidUntil(today);
  if (read.date > latest) {
    return {
      error: {
        key: 'consents.form.errors.validUntilTooFar',
        days: String(MAX_CONSENT_DAYS),
        latest: formatDate(latest),
      },
    };
  }
  return { date: read.date };
}

/** Empty is allowed: then anyone with access to the accounts may approve at the bank. */
function parseSsn(text: string): { ssn: string | undefined } | { error: FieldError } {
  if (text.trim() === '') return { ssn: undefined };
  const checked = validateNationalIdentityNumber(text);
  if (checked.valid && checked.normalized) return { ssn: checked.normalized };
  return {
    error:
      checked.reason === 'CHECKSUM' ? 'consents.form.errors.ssnChecksum' : 'consents.form.errors.ssnDigits',
  };
}

export function parseCreateConsentForm(
  values: CreateConsentFormValues,
  today: IsoDate,
  bank: ConsentBankTemplate | undefined,
): ParsedCreateConsentForm {
  const errors: ConsentFormErrors<CreateConsentFields> = {};
  if (!bank) errors.bankId = 'consents.form.errors.bankRequired';
  const offered = new Set(bank?.accountNumbers ?? []);
  const accountNumbers = values.accountNumbers.filter((accountNumber) => offered.has(accountNumber));
  if (offered.size > 0 && accountNumbers.length === 0) {
    errors.accountNumbers = 'consents.form.errors.accountsRequired';
  }
  const validUntil = parseValidUntil(values.validUntil, today);
  if ('error' in validUntil) errors.validUntil = validUntil.error;
  const frequency = Number(values.frequencyPerDay);
  const isFrequencyValid =
    values.frequencyPerDay !== '' &&
    Number.isInteger(frequency) &&
    frequency >= MIN_READS_PER_DAY &&
    frequency <= MAX_READS_PER_DAY;
  if (!isFrequencyValid) {
    errors.frequencyPerDay = {
      key: 'consents.form.errors.frequency',
      min: String(MIN_READS_PER_DAY),
      max: String(MAX_READS_PER_DAY),
    };
  }
  const ssn = parseSsn(values.accountOwnerSsn);
  if ('error' in ssn) errors.accountOwnerSsn = ssn.error;

  if (!bank || 'error' in validUntil || 'error' in ssn || Object.keys(errors).length > 0) {
    return { isValid: false, errors };
  }
  return {
    isValid: true,
    request: {
      bankId: bank.bankId,
      // Without accounts at the bank, the person approving chooses them on the bank's page.
      ...(accountNumbers.length > 0 ? { accountNumbers } : {}),
      ...(validUntil.date ? { validUntil: validUntil.date } : {}),
      frequencyPerDay: frequency,
      ...(ssn.ssn ? { accountOwnerSsn: ssn.ssn } : {}),
    },
  };
}

/** What the renew form holds (spec §3: callbackUrl, accountOwnerSsn, debtorBankBic), and the new end. */
export type RenewConsentFormValues = {
  accountOwnerSsn: string;
  debtorBankBic: string;
  validUntil: string;
};

export type RenewConsentFields = keyof RenewConsentFormValues;

export type ParsedRenewConsentForm =
  | { isValid: true; request: Omit<RenewConsentRequest, 'companyId' | 'callbackUrl'> }
  | { isValid: false; errors: ConsentFormErrors<RenewConsentFields> };

export function emptyRenewConsentForm(today: IsoDate): RenewConsentFormValues {
  return { accountOwnerSsn: '', debtorBankBic: '', validUntil: formatDate(latestValidUntil(today)) };
}

export function parseRenewConsentForm(
  values: RenewConsentFormValues,
  today: IsoDate,
): ParsedRenewConsentForm {
  const errors: ConsentFormErrors<RenewConsentFields> = {};
  const ssn = parseSsn(values.accountOwnerSsn);
  if ('error' in ssn) errors.accountOwnerSsn = ssn.error;
  const bicText = values.debtorBankBic.trim();
  const bic = bicText === '' ? undefined : validateBic(bicText);
  if (bic && !bic.valid) errors.debtorBankBic = 'consents.form.errors.bic';
  const validUntil = parseValidUntil(values.validUntil, today);
  if ('error' in validUntil) errors.validUntil = validUntil.error;

  if ('error' in ssn || 'error' in validUntil || Object.keys(errors).length > 0) {
    return { isValid: false, errors };
  }
  return {
    isValid: true,
    request: {
      ...(ssn.ssn ? { accountOwnerSsn: ssn.ssn } : {}),
      ...(bic?.normalized ? { debtorBankBic: bic.normalized } : {}),
      ...(validUntil.date ? { validUntil: validUntil.date } : {}),
    },
  };
}
