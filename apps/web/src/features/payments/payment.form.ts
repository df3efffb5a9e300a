import {
  type ChargeBearerCode,
  type Payment,
  type PaymentDraft,
  type PaymentFieldProblem,
  PaymentType,
} from '@bilag/contracts';
import { isBankingDayFor } from '@bilag/domain/dates/banking-days';
import { formatDate, type IsoDate, isIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { isDomainError } from '@bilag/domain/errors';
import { parseAmount } from '@bilag/domain/money/norwegian';
import {
  bankableDueDate,
  checkPayment,
  earliestDueDate,
  type PaymentProblem,
  paymentMessage,
} from '@bilag/domain/payments/payment-check';
import { KID_MESSAGE_MAX_LENGTH } from '@bilag/domain/text/kid-message';
import { formatAccountNumber, normalizeAccountNumber } from '@bilag/domain/validators/account-number';
import { formatIban, normalizeIban } from '@bilag/domain/validators/iban';
import { normalizeKid } from '@bilag/domain/validators/kid';
import { readDate } from '../../ui/dates';
import { formatOre } from '../../ui/format';
import type { FieldError } from '../../ui/useParsedForm';

export type PaymentFormType = typeof PaymentType.DOMESTIC | typeof PaymentType.INTERNATIONAL;

/** What the payment form holds, as typed. */
export type PaymentFormValues = {
  type: PaymentFormType;
  debtorCompanyBankId: string | null;
  creditorName: string;
  creditorAccount: string;
  kid: string;
  message: string;
  amount: string;
  currency: string;
  dueDate: string;
  creditorBic: string;
  creditorCountry: string | null;
  creditorAddress: string;
  creditorPostCode: string;
  creditorTown: string;
  chargeBearer: ChargeBearerCode | null;
  reasonCode: string | null;
};

export type PaymentFormField = Exclude<keyof PaymentFormValues, 'type'>;

export type ParsedPaymentForm =
  | { isValid: true; draft: PaymentDraft }
  | { isValid: false; errors: Partial<Record<PaymentFormField, FieldError>> };

/** The order the fields come in on the form, so the first one at fault gets the focus. */
export const PAYMENT_FORM_FIELDS: readonly PaymentFormField[] = [
  'debtorCompanyBankId',
  'creditorName',
  'creditorCountry',
  'creditorAccount',
  'creditorBic',
  'creditorAddress',
  'creditorPostCode',
  'creditorTown',
  'kid',
  'message',
  'amount',
  'currency',
  'dueDate',
  'chargeBearer',
  'reasonCode',
];

export const MESSAGE_MAX_LENGTH = KID_MESSAGE_MAX_LENGTH;

export function emptyPaymentForm(type: PaymentFormType, debtorCompanyBankId: number | undefined) {
  return {
    type,
    debtorCompanyBankId: debtorCompanyBankId === undefined ? null : String(debtorCompanyBankId),
    creditorName: '',
    creditorAccount: '',
    kid: '',
    message: '',
    amount: '',
    currency: type === PaymentType.INTERNATIONAL ? 'EUR' : 'NOK',
    dueDate: '',
    creditorBic: '',
    creditorCountry: null,
    creditorAddress: '',
    creditorPostCode: '',
    creditorTown: '',
    chargeBearer: type === PaymentType.INTERNATIONAL ? 'SHA' : null,
    reasonCode: null,
  } satisfies PaymentFormValues;
}

export function toFormValues(payment: Payment): PaymentFormValues {
  const type = payment.Type === PaymentType.INTERNATIONAL ? PaymentType.INTERNATIONAL : PaymentType.DOMESTIC;
  return {
    type,
    debtorCompanyBankId: payment.DebtorCompanyBankId === null ? null : String(payment.DebtorCompanyBankId),
    creditorName: payment.CreditorName,
    creditorAccount:
      type === PaymentType.INTERNATIONAL
        ? formatIban(payment.CreditorAccount)
        : formatAccountNumber(payment.CreditorAccount),
    kid: payment.Kid ?? '',
    message: payment.Message ?? '',
    amount: formatOre(payment.AmountOre).replaceAll('\u00A0', ' '),
    currency: payment.Currency,
    dueDate: formatDate(payment.DueDate),
    creditorBic: payment.CreditorBic ?? '',
    creditorCountry: payment.CreditorCountry,
    creditorAddress: payment.CreditorAddress ?? '',
    creditorPostCode: payment.CreditorPostCode ?? '',
    creditorTown: payment.CreditorTown ?? '',
    chargeBearer: payment.ChargeBearer,
    reasonCode: payment.ReasonCode,
  };
}

type Read<Value> = { value: Value } | { error: FieldError };

function readAmount(text: string): Read<number> {
  if (text.trim() === '') return { error: 'payments.form.errors.amountRequired' };
  try {
    return { value: parseAmount(text) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      error:
        error.code === 'AMBIGUOUS_AMOUNT'
          ? 'payments.form.errors.amountAmbiguous'
          : 'payments.form.errors.amountInvalid',
    };
  }
}

function readDueDate(text: string, today: IsoDate): Read<IsoDate> {
  const read = readDate(text, today);
  if ('error' in read) return { error: 'payments.form.errors.date' };
  if (read.date === null) return { error: 'payments.form.errors.dueDateRequired' };
  return { value: read.date };
}

/** Dates a problem names are shown the Norwegian way. */
function messageValue(value: string | number): string {
  return typeof value === 'string' && isIsoDate(value) ? formatDate(value) : String(value);
}

/** A problem the domain found, as the key of its message under payments.problems with its values. */
export function problemError(problem: Pick<PaymentProblem, 'reason' | 'params'>): FieldError {
  const values = Object.fromEntries(
    Object.entries(problem.params ?? {}).map(([name, value]) => [name, messageValue(value)]),
  );
  return { key: `payments.problems.${problem.reason}`, ...values };
}

/** The form's field for a field the domain or the server names. */
export function formFieldOf(field: string): PaymentFormField | undefined {
  if (field === 'amountOre') return 'amount';
  return (PAYMENT_FORM_FIELDS as readonly string[]).includes(field) ? (field as PaymentFormField) : undefined;
}

function trimmed(text: string): string | undefined {
  return text.trim() || undefined;
}

function creditorAccountOf(values: PaymentFormValues): string {
  return values.type === PaymentType.INTERNATIONAL
    ? normalizeIban(values.creditorAccount)
    : normalizeAccountNumber(values.creditorAccount);
}

/**
 * Reads the form into the payment the API takes, checked as the bank would check it (the domain's
 * checkPayment), so every fault shows on its field at once, before anything is sent.
 */
export function parsePaymentForm(values: PaymentFormValues, today: IsoDate): ParsedPaymentForm {
  const errors: Partial<Record<PaymentFormField, FieldError>> = {};
  const isInternational = values.type === PaymentType.INTERNATIONAL;
  const amount = readAmount(values.amount);
  const dueDate = readDueDate(values.dueDate, today);
  if (values.debtorCompanyBankId === null) errors.debtorCompanyBankId = 'payments.form.errors.debtorRequired';
  if ('error' in amount) errors.amount = amount.error;
  if ('error' in dueDate) errors.dueDate = dueDate.error;
  if (values.creditorAccount.trim() === '') errors.creditorAccount = 'payments.form.errors.accountRequired';

  const kid = values.kid.trim() ? normalizeKid(values.kid) : undefined;
  const message = paymentMessage(values.message);
  const currency = isInternational ? values.currency : 'NOK';
  const country = isInternational ? (values.creditorCountry ?? undefined) : undefined;
  const problems = checkPayment(
    {
      isInternational,
      creditorName: values.creditorName,
      creditorAccount: creditorAccountOf(values),
      creditorBic: isInternational ? values.creditorBic : undefined,
      creditorCountry: country,
      amountOre: 'value' in amount ? amount.value : 1,
      currency,
      dueDate: 'value' in dueDate ? dueDate.value : today,
      kid: isInternational ? undefined : kid,
      message,
      chargeBearer: isInternational ? (values.chargeBearer ?? undefined) : undefined,
      reasonCode: isInternational ? (values.reasonCode ?? undefined) : undefined,
    },
    today,
  );
  for (const problem of problems) {
    const field = formFieldOf(problem.field);
    if (field && errors[field] === undefined) errors[field] = problemError(problem);
  }

  const debtorCompanyBankId = Number(values.debtorCompanyBankId);
  if (Object.keys(errors).length > 0 || !('value' in amount) || !('value' in dueDate))
    return { isValid: false, errors };
  return {
    isValid: true,
    draft: {
      type: values.type,
      debtorCompanyBankId,
      creditorName: values.creditorName.trim(),
      creditorAccount: creditorAccountOf(values),
      amountOre: amount.value,
      currency,
      dueDate: dueDate.value,
      kid: isInternational ? undefined : kid,
      message,
      ...(isInternational
        ? {
            creditorBic: values.creditorBic.trim().toUpperCase(),
            creditorCountry: country,
            creditorAddress: trimmed(values.creditorAddress),
            creditorPostCode: trimmed(values.creditorPostCode),
            creditorTown: trimmed(values.creditorTown),
            chargeBearer: values.chargeBearer ?? undefined,
            reasonCode: values.reasonCode ?? undefined,
          }
        : {}),
    },
  };
}

/**
 * The banking day to offer when the typed due date is one the bank would not pay on (a weekend, a
 * holiday, too soon): the date it would move to. Undefined while the date is fine or not readable.
 */
export function movedDueDate(values: PaymentFormValues, today: IsoDate): IsoDate | undefined {
  const read = readDate(values.dueDate, today);
  if ('error' in read || read.date === null) return undefined;
  const isInternational = values.type === PaymentType.INTERNATIONAL;
  const currency = isInternational ? values.currency : 'NOK';
  const options = { today, currency, isInternational };
  if (read.date < today) return undefined;
  if (isBankingDayFor(read.date, currency) && read.date >= earliestDueDate(options)) return undefined;
  return bankableDueDate(read.date, options);
}

/** The server's word on each field, for the fields the form has. */
export function serverProblemTexts(
  problems: readonly PaymentFieldProblem[],
): Partial<Record<PaymentFormField, string>> {
  const texts: Partial<Record<PaymentFormField, string>> = {};
  for (const problem of problems) {
    const field = formFieldOf(problem.field);
    if (field && texts[field] === undefined) texts[field] = problem.message;
  }
  return texts;
}
