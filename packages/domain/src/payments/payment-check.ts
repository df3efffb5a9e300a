import {
  addBankingDays,
  isBankingDayFor,
  nextBankingDay,
  norwegianBankHolidayOn,
  settlementLeadDays,
} from '../dates/banking-days';
import { addDays, type IsoDate } from '../dates/norwegian-dates';
import { truncateKidMessage } from '../text/kid-message';
import { validateAccountNumber } from '../validators/account-number';
import { validateBic } from '../validators/bic';
import { isCountryCode } from '../validators/country-codes';
import { validateIban } from '../validators/iban';
import { validateKid } from '../validators/kid';
import { isPaymentCurrency } from './country-currencies';
import { isPaymentReasonCode } from './reason-codes';

/** A payment as a person fills it in; amounts in minor units of its currency. */
export interface PaymentToCheck {
  isInternational: boolean;
  creditorName: string;
  creditorAccount: string;
  creditorBic?: string | undefined;
  creditorCountry?: string | undefined;
  amountOre: number;
  currency: string;
  dueDate: IsoDate;
  kid?: string | undefined;
  message?: string | undefined;
  chargeBearer?: string | undefined;
  reasonCode?: string | undefined;
}

export type PaymentProblemReason =
  | 'CREDITOR_NAME_MISSING'
  | 'ACCOUNT_INVALID'
  | 'IBAN_INVALID'
  | 'BIC_MISSING'
  | 'BIC_INVALID'
  | 'COUNTRY_MISSING'
  | 'COUNTRY_INVALID'
  | 'COUNTRY_MISMATCH'
  | 'DOMESTIC_CURRENCY'
  | 'CURRENCY_INVALID'
  | 'AMOUNT_NOT_POSITIVE'
  | 'AMOUNT_TOO_LARGE'
  | 'KID_INVALID'
  | 'KID_WITH_MESSAGE'
  | 'DUE_DATE_PAST'
  | 'DUE_DATE_TOO_EARLY'
  | 'DUE_DATE_TOO_FAR'
  | 'DUE_DATE_NOT_BANKING_DAY'
  | 'CHARGE_BEARER_MISSING'
  | 'CHARGE_BEARER_SEPA'
  | 'REASON_CODE_MISSING'
  | 'REASON_CODE_UNKNOWN';

export interface PaymentProblem {
  field: keyof PaymentToCheck;
  reason: PaymentProblemReason;
  /** Values the message names: the next banking day, the holiday, the limit. */
  params?: Record<string, string | number>;
}

/** The largest amount one payment may carry: 999 999 999.99 in its currency, below any bank's limit. */
export const MAX_PAYMENT_MINOR_UNITS = 99_999_999_999;
/** Banks take due dates up to a year ahead. */
export const MAX_DUE_DAYS_AHEAD = 365;

/** Countries whose euro payments are SEPA credit transfers (charges must then be shared). */
const SEPA_COUNTRIES = new Set(
  'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA'.split(
    ' ',
  ),
);

export function isSepaCountry(country: string): boolean {
  return SEPA_COUNTRIES.has(country);
}

export function isSepaPayment(country: string | undefined, currency: string): boolean {
  return currency === 'EUR' && country !== undefined && isSepaCountry(country);
}

/** The due date a bank would take for a wanted date: moved past weekends, holidays and the lead time. */
export function earliestDueDate(options: {
  today: IsoDate;
  currency: string;
  isInternational: boolean;
}): IsoDate {
  return addBankingDays(
    options.today,
    settlementLeadDays(options.currency, options.isInternational),
    options.currency,
  );
}

/** The wanted date, or the first banking day after it, never before the earliest date a bank accepts. */
export function bankableDueDate(
  wanted: IsoDate | null | undefined,
  options: { today: IsoDate; currency: string; isInternational: boolean },
): IsoDate {
  const earliest = earliestDueDate(options);
  if (!wanted || wanted < earliest) return earliest;
  return nextBankingDay(wanted, options.currency);
}

function checkDueDate(payment: PaymentToCheck, today: IsoDate, problems: PaymentProblem[]) {
  const options = { today, currency: payment.currency, isInternational: payment.isInternational };
  const earliest = earliestDueDate(options);
  if (payment.dueDate < today) {
    problems.push({ field: 'dueDate', reason: 'DUE_DATE_PAST', params: { earliest } });
  } else if (payment.dueDate > addDays(today, MAX_DUE_DAYS_AHEAD)) {
    problems.push({ field: 'dueDate', reason: 'DUE_DATE_TOO_FAR', params: { days: MAX_DUE_DAYS_AHEAD } });
  } else if (!isBankingDayFor(payment.dueDate, payment.currency)) {
    const holiday = norwegianBankHolidayOn(payment.dueDate);
    problems.push({
      field: 'dueDate',
      reason: 'DUE_DATE_NOT_BANKING_DAY',
      params: { next: bankableDueDate(payment.dueDate, options), ...(holiday ? { holiday } : {}) },
    });
  } else if (payment.dueDate < earliest) {
    problems.push({ field: 'dueDate', reason: 'DUE_DATE_TOO_EARLY', params: { earliest } });
  }
}

function checkDomestic(payment: PaymentToCheck, problems: PaymentProblem[]) {
  if (!validateAccountNumber(payment.creditorAccount).valid)
    problems.push({ field: 'creditorAccount', reason: 'ACCOUNT_INVALID' });
  if (payment.currency !== 'NOK') problems.push({ field: 'currency', reason: 'DOMESTIC_CURRENCY' });
  const kid = payment.kid?.trim();
  if (kid) {
    if (!validateKid(kid).valid) problems.push({ field: 'kid', reason: 'KID_INVALID' });
    if (payment.message?.trim()) problems.push({ field: 'message', reason: 'KID_WITH_MESSAGE' });
  }
}

function checkInternational(payment: PaymentToCheck, problems: PaymentProblem[]) {
  const iban = validateIban(payment.creditorAccount);
  if (!iban.valid) problems.push({ field: 'creditorAccount', reason: 'IBAN_INVALID' });
  const country = payment.creditorCountry?.trim().toUpperCase();
  if (!country) problems.push({ field: 'creditorCountry', reason: 'COUNTRY_MISSING' });
  else if (!isCountryCode(country)) problems.push({ field: 'creditorCountry', reason: 'COUNTRY_INVALID' });
  else if (iban.valid && iban.normalized?.slice(0, 2) !== country)
    problems.push({
      field: 'creditorCountry',
      reason: 'COUNTRY_MISMATCH',
      params: { iban: iban.normalized?.slice(0, 2) ?? '' },
    });
  const bic = payment.creditorBic?.trim();
  if (!bic) problems.push({ field: 'creditorBic', reason: 'BIC_MISSING' });
  else if (!validateBic(bic).valid) problems.push({ field: 'creditorBic', reason: 'BIC_INVALID' });
  if (!payment.chargeBearer) problems.push({ field: 'chargeBearer', reason: 'CHARGE_BEARER_MISSING' });
  else if (isSepaPayment(country, payment.currency) && payment.chargeBearer !== 'SHA')
    problems.push({ field: 'chargeBearer', reason: 'CHARGE_BEARER_SEPA' });
  const reason = payment.reasonCode?.trim();
  if (!reason) problems.push({ field: 'reasonCode', reason: 'REASON_CODE_MISSING' });
  else if (!isPaymentReasonCode(reason))
    problems.push({ field: 'reasonCode', reason: 'REASON_CODE_UNKNOWN' });
}

/**
 * Every reason a bank would refuse the payment, per field, so a form can show them all at once. The
 * message to the creditor is not a problem when long: it is cut to the 140 characters banks carry.
 */
export function checkPayment(payment: PaymentToCheck, today: IsoDate): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  if (!payment.creditorName.trim()) problems.push({ field: 'creditorName', reason: 'CREDITOR_NAME_MISSING' });
  const currencyKnown = isPaymentCurrency(payment.currency);
  if (!currencyKnown) problems.push({ field: 'currency', reason: 'CURRENCY_INVALID' });
  if (payment.isInternational) checkInternational(payment, problems);
  else checkDomestic(payment, problems);
  if (!Number.isSafeInteger(payment.amountOre) || payment.amountOre <= 0)
    problems.push({ field: 'amountOre', reason: 'AMOUNT_NOT_POSITIVE' });
  else if (payment.amountOre > MAX_PAYMENT_MINOR_UNITS)
    problems.push({ field: 'amountOre', reason: 'AMOUNT_TOO_LARGE' });
  if (currencyKnown) checkDueDate(payment, today, problems);
  return problems;
}

/** The message as the bank will carry it: never a character or a letter's accent cut in two. */
export function paymentMessage(message: string | null | undefined): string | undefined {
  const text = message?.replace(/\s+/g, ' ').trim();
  return text ? truncateKidMessage(text) : undefined;
}
