/** The checks a payment file passes before it is written: what the bank would reject is refused here. */

import { DomainError } from '../errors';
import { currencyMinorUnits } from '../money/decimal';
import { ore } from '../money/ore';
import { compact, isoDateOf } from './common';
import type { CreditTransfer, Pain001Message, Pain001Version, PaymentAccount } from './pain001';

export const PAIN001_VERSIONS: readonly Pain001Version[] = ['001.001.03', '001.001.09'];

export const MAX_TEXT_35 = 35;
export const MAX_TEXT_140 = 140;
/** Cross-border payments above NOK 100 000 must carry regulatory reporting (in øre). */
export const REGULATORY_REPORTING_THRESHOLD_ORE = ore(100_000_00);

export function invalidPayment(message: string, details?: unknown): DomainError {
  return new DomainError('INVALID_PAYMENT', message, details);
}

function requireText(value: string | undefined, what: string, maxLength: number): string {
  const text = value?.trim() ?? '';
  if (text.length === 0) throw invalidPayment(`${what} is required`);
  if (text.length > maxLength) throw invalidPayment(`${what} is longer than ${maxLength} characters`);
  return text;
}

export function isDomestic(payment: CreditTransfer): boolean {
  const { iban, bban } = payment.creditor.account;
  return payment.currency === 'NOK' && (bban !== undefined || iban?.toUpperCase().startsWith('NO') === true);
}

function needsRegulatoryReporting(payment: CreditTransfer): boolean {
  if (isDomestic(payment)) return false;
  const nokValue = payment.currency === 'NOK' ? payment.amount : payment.nokEquivalent;
  return nokValue !== undefined && nokValue > REGULATORY_REPORTING_THRESHOLD_ORE;
}

function checkAccount(account: PaymentAccount, what: string): void {
  const hasIban = account.iban !== undefined && account.iban.trim() !== '';
  const hasBban = account.bban !== undefined && account.bban.trim() !== '';
  if (hasIban === hasBban) throw invalidPayment(`${what} needs exactly one of iban and bban`);
  if (hasIban && !/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compactAccount(account.iban ?? ''))) {
    throw invalidPayment(`${what} IBAN "${account.iban}" is not well formed`);
  }
  if (hasBban && !/^[A-Za-z0-9]{1,34}$/.test(compactAccount(account.bban ?? ''))) {
    throw invalidPayment(`${what} account number "${account.bban}" is not well formed`);
  }
}

/** The account number without the spaces and dots people group its digits with (1234.56.78903). */
export function compactAccount(value: string): string {
  return compact(value).replaceAll('.', '');
}

/** Refuses, with DomainError INVALID_PAYMENT, a message the bank would reject. */
export function checkMessage(message: Pain001Message): void {
  requireText(message.messageId, 'messageId', MAX_TEXT_35);
  requireText(message.initiatingParty.name, 'initiatingParty.name', MAX_TEXT_140);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(message.createdAt)) {
    throw invalidPayment('createdAt must be an ISO date-time');
  }
  if (message.payments.length === 0) throw invalidPayment('A payment file needs at least one payment');
  message.payments.forEach(checkPayment);
}

function checkPayment(payment: CreditTransfer, index: number): void {
  const where = `Payment ${index + 1} (${payment.endToEndId})`;
  requireText(payment.endToEndId, `Payment ${index + 1}: endToEndId`, MAX_TEXT_35);
  if (payment.instructionId !== undefined)
    requireText(payment.instructionId, `${where}: instructionId`, MAX_TEXT_35);
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
    throw invalidPayment(`${where}: the amount must be a positive whole number of minor units`);
  }
  currencyMinorUnits(payment.currency);
  if (payment.currency !== payment.currency.toUpperCase())
    throw invalidPayment(`${where}: currency must be upper case`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payment.executionDate)) {
    throw invalidPayment(`${where}: executionDate must be YYYY-MM-DD`);
  }
  isoDateOf(payment.executionDate);
  requireText(payment.debtor.name, `${where}: debtor name`, MAX_TEXT_140);
  requireText(payment.creditor.name, `${where}: creditor name`, MAX_TEXT_140);
  checkAccount(payment.debtor.account, `${where}: debtor account`);
  checkAccount(payment.creditor.account, `${where}: creditor account`);
  if (payment.kid !== undefined && !/^\d{1,24}[\d-]$/.test(payment.kid)) {
    throw invalidPayment(`${where}: KID "${payment.kid}" must be 2 to 25 digits (the last may be '-')`);
  }
  if (
    payment.creditorReference !== undefined &&
    !/^RF\d{2}[A-Za-z0-9]{1,21}$/.test(payment.creditorReference)
  ) {
    throw invalidPayment(`${where}: creditorReference must be an RF reference`);
  }
  const references = [payment.kid, payment.creditorReference].filter((value) => value !== undefined).length;
  if (references > 1) throw invalidPayment(`${where}: give a KID or an RF reference, not both`);
  if (references > 0 && payment.message !== undefined && payment.message.trim() !== '') {
    throw invalidPayment(`${where}: a payment with a KID or RF reference cannot also carry a message`);
  }
  if (isDomestic(payment)) {
    if (
      payment.creditor.account.bban !== undefined &&
      !/^\d{11}$/.test(compactAccount(payment.creditor.account.bban))
    ) {
      throw invalidPayment(`${where}: a Norwegian account number has 11 digits`);
    }
    return;
  }
  if (
    payment.creditor.bic === undefined ||
    !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(payment.creditor.bic)
  ) {
    throw invalidPayment(`${where}: an international payment needs the creditor's BIC`);
  }
  if (creditorCountry(payment) === undefined) {
    throw invalidPayment(`${where}: an international payment needs the creditor's country`);
  }
  if (needsRegulatoryReporting(payment) && payment.regulatoryReporting === undefined) {
    throw invalidPayment(
      `${where}: payments abroad above NOK 100 000 need regulatoryReporting (code and text)`,
    );
  }
  if (payment.regulatoryReporting !== undefined) {
    requireText(payment.regulatoryReporting.code, `${where}: regulatory reporting code`, 10);
    requireText(payment.regulatoryReporting.text, `${where}: regulatory reporting text`, MAX_TEXT_35);
  }
}

export function creditorCountry(payment: CreditTransfer): string | undefined {
  const country = payment.creditor.address?.country ?? payment.creditor.account.iban?.slice(0, 2);
  return country !== undefined && /^[A-Z]{2}$/.test(country) ? country : undefined;
}
