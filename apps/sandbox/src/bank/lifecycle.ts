import { createHash } from 'node:crypto';
import {
  accountsOf,
  findAccount,
  findClosedAccount,
  mayUseAccount,
  SANDBOX_ACCOUNTS,
  SANDBOX_COMPANIES,
  type SandboxAccount,
} from '../platform/world';
import { type LedgerEntry, ledgerOf } from './activity';
import { type AccountReference, identificationOf } from './protocol';
import type {
  AccountGrant,
  BankState,
  PaymentLine,
  StoredAuthorisation,
  StoredConsent,
  StoredPayment,
} from './state';

/**
 * What happens on its own as the sandbox's clock runs: an SCA that waits for a BankID that never
 * answers fails, and an accepted payment executes on its day (booked, or rejected with the ISO
 * reason a bank gives). Everything here runs before each call and page, so what a caller reads is
 * always up to date with the clock.
 */

/** ISO 20022 status reasons the sandbox banks give. */
export const REASONS = {
  AM04: 'Insufficient funds on the debtor account.',
  AM02: 'The amount is above what the bank allows for one payment.',
  AC04: 'The creditor account is closed.',
  CUST: 'The payer declined in strong customer authentication.',
  NOAS: 'The payer did not answer in time: strong customer authentication timed out.',
  MS03: 'Strong customer authentication failed for a technical reason.',
  DS02: 'The payment was cancelled before it was executed.',
} as const;

export type ReasonCode = keyof typeof REASONS;

/** The highest amount one payment may have, in the instructed currency's minor units. */
const AMOUNT_LIMIT_MINOR = 1_000_000_00;
/** The amount the sandbox always finds no funds for, so a test can see AM04 on demand. */
const NO_FUNDS_AMOUNT_MINOR = 13_13;

/** The sandbox's fixed rates into NOK (per unit), for debiting a foreign payment; not market rates. */
export const NOK_PER_UNIT: Readonly<Record<string, number>> = {
  NOK: 1,
  EUR: 11.5,
  USD: 10.6,
  GBP: 13.5,
  SEK: 1,
  DKK: 1.54,
  CHF: 12.2,
};

function inNok(line: PaymentLine): number {
  return Math.round(line.amountMinor * (NOK_PER_UNIT[line.instructedAmount.currency] ?? 1));
}

export function companyNameOf(organisationNumber: string): string | undefined {
  return SANDBOX_COMPANIES.find((company) => company.organisationNumber === organisationNumber)?.name;
}

export function sandboxAccountFor(reference: AccountReference): SandboxAccount | undefined {
  const identification = identificationOf(reference).replaceAll(' ', '').toUpperCase();
  return SANDBOX_ACCOUNTS.find(
    (candidate) => candidate.bban === identification || candidate.iban === identification,
  );
}

/** The accounts of this bank a consent asks for (all of them for allPsd2 and availableAccounts). */
export function askedAccounts(consent: StoredConsent): SandboxAccount[] {
  const { access } = consent;
  if (access.allPsd2 || access.availableAccounts) {
    return SANDBOX_ACCOUNTS.filter((account) => account.bankId === consent.bankId);
  }
  const references = [...(access.accounts ?? []), ...(access.balances ?? []), ...(access.transactions ?? [])];
  const asked = references
    .map((reference) => findAccount(consent.bankId, identificationOf(reference)))
    .filter((account): account is SandboxAccount => account !== undefined);
  return [...new Set(asked)];
}

/** What the person may grant: the asked accounts they may use, each with the access asked for it. */
export function grantsFor(consent: StoredConsent, ssn: string): AccountGrant[] {
  const usable = new Set(accountsOf(consent.bankId, ssn, consent.psuCorporateId));
  const names = (references: AccountReference[] | undefined) =>
    new Set((references ?? []).map((reference) => identificationOf(reference)));
  const balances = names(consent.access.balances);
  const transactions = names(consent.access.transactions);
  const full = consent.access.allPsd2 === 'allAccounts';
  return askedAccounts(consent)
    .filter((account) => usable.has(account))
    .map((account) => ({
      bban: account.bban,
      balances: full || balances.has(account.bban) || balances.has(account.iban),
      transactions: full || transactions.has(account.bban) || transactions.has(account.iban),
    }));
}

/** Whether the person may pay from the payment's account (for the company the TPP named, if any). */
export function mayPay(payment: StoredPayment, ssn: string): boolean {
  const debtor = findAccount(payment.bankId, payment.debtorBban);
  if (!debtor || !mayUseAccount(ssn, debtor)) return false;
  return payment.psuCorporateId === undefined || debtor.ownerOrganisationNumber === payment.psuCorporateId;
}

export type ScaOutcome =
  | { approved: true; psuId: string }
  | { approved: false; reasonCode: 'CUST' | 'NOAS' | 'MS03' };

/** The end of an SCA and what it means for the consent or payment it was for. */
export function finishAuthorisation(
  state: BankState,
  authorisation: StoredAuthorisation,
  outcome: ScaOutcome,
) {
  const now = state.now().toISOString();
  const today = state.today();
  authorisation.scaStatus = outcome.approved ? 'finalised' : 'failed';
  authorisation.waitingSince = undefined;
  if (authorisation.subject.kind === 'consent') {
    const consent = state.consents.get(authorisation.subject.id);
    if (consent && consent.status === 'received') {
      consent.status = outcome.approved ? 'valid' : 'rejected';
      consent.grants = outcome.approved ? grantsFor(consent, outcome.psuId) : [];
      consent.lastActionDate = today;
    }
  } else {
    const payment = state.payments.get(authorisation.subject.id);
    if (payment && payment.status === 'RCVD') {
      payment.statusChangedAt = now;
      if (outcome.approved) {
        payment.status = 'ACTC';
        payment.psuId = outcome.psuId;
        // A date that passed while the person took their time executes on the day they approved.
        const requested = payment.requestedExecutionDate;
        payment.executionDate = requested !== undefined && requested > today ? requested : today;
      } else {
        payment.status = 'RJCT';
        payment.reasonCode = outcome.reasonCode;
        payment.reasonText = REASONS[outcome.reasonCode];
      }
    }
  }
  state.changed();
}

const archiveReference = (seed: string) =>
  String(BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 14)}`)).slice(0, 16);

function remittanceOf(line: PaymentLine): Pick<LedgerEntry, 'kid' | 'remittanceInformationUnstructured'> {
  if (line.remittanceInformationStructured) return { kid: line.remittanceInformationStructured.reference };
  return line.remittanceInformationUnstructured
    ? { remittanceInformationUnstructured: line.remittanceInformationUnstructured }
    : {};
}

const PRODUCT_CODES: Record<StoredPayment['product'], string> = {
  'norwegian-domestic-credit-transfers': 'DMCT',
  'sepa-credit-transfers': 'ESCT',
  'cross-border-credit-transfers': 'XBCT',
};

/** The booked entries an executed payment makes on one account: debits on the payer's, credits on a payee's. */
function entriesOf(payment: StoredPayment, account: SandboxAccount): LedgerEntry[] {
  const bookingDate = payment.bookedOn;
  if (payment.status !== 'ACSC' || bookingDate === undefined) return [];
  const subFamily = PRODUCT_CODES[payment.product];
  const entries: LedgerEntry[] = [];
  const debtor = findAccount(payment.bankId, payment.debtorBban);
  const idOf = (side: string, index: number) => {
    const seed = `${payment.id}|${side}|${index}`;
    return {
      transactionId: `${bookingDate.replaceAll('-', '')}-${payment.id.replaceAll('-', '').slice(0, 12)}-${side}${index}`,
      entryReference: archiveReference(seed),
      bookingDate,
      valueDate: bookingDate,
    };
  };
  if (debtor === account) {
    if (payment.kind === 'bulk' && payment.batchBookingPreferred && payment.lines.length > 1) {
      entries.push({
        ...idOf('d', 0),
        amountMinor: -payment.lines.reduce((sum, line) => sum + inNok(line), 0),
        remittanceInformationUnstructured: `Samlebetaling: ${payment.lines.length} betalinger`,
        bankTransactionCode: `PMNT-ICDT-${subFamily}`,
        proprietaryBankTransactionCode: 'Samlebetaling',
      });
    } else {
      payment.lines.forEach((line, index) => {
        entries.push({
          ...idOf('d', index),
          amountMinor: -inNok(line),
          creditorName: line.creditorName,
          creditorAccount: line.creditorAccount,
          ...(line.endToEndIdentification ? { endToEndId: line.endToEndIdentification } : {}),
          ...remittanceOf(line),
          bankTransactionCode: `PMNT-ICDT-${subFamily}`,
          proprietaryBankTransactionCode: 'Betaling',
        });
      });
    }
  }
  payment.lines.forEach((line, index) => {
    if (sandboxAccountFor(line.creditorAccount) !== account || !debtor) return;
    entries.push({
      ...idOf('c', index),
      amountMinor: inNok(line),
      debtorName: companyNameOf(debtor.ownerOrganisationNumber) ?? debtor.name,
      debtorAccount: { bban: debtor.bban },
      ...(line.endToEndIdentification ? { endToEndId: line.endToEndIdentification } : {}),
      ...remittanceOf(line),
      bankTransactionCode: `PMNT-RCDT-${subFamily}`,
      proprietaryBankTransactionCode: 'Innbetaling',
    });
  });
  return entries;
}

function byExecution(first: StoredPayment, second: StoredPayment): number {
  return (
    (first.bookedOn ?? first.executionDate ?? '').localeCompare(
      second.bookedOn ?? second.executionDate ?? '',
    ) ||
    first.createdAt.localeCompare(second.createdAt) ||
    first.id.localeCompare(second.id)
  );
}

/** The account's history with every payment the sandbox executed on it. */
export function ledgerFor(state: BankState, account: SandboxAccount) {
  const executed = [...state.payments.values()]
    .filter((payment) => payment.status === 'ACSC')
    .sort(byExecution);
  const postings = executed.flatMap((payment) => entriesOf(payment, account));
  return ledgerOf(account, state.today(), postings);
}

/**
 * Why a payment cannot execute on its day, or undefined when it can; each refused line of a bulk
 * keeps its own reason for the status report.
 */
function refusalAtExecution(
  state: BankState,
  payment: StoredPayment,
  executionDate: string,
): ReasonCode | undefined {
  for (const line of payment.lines) {
    if (line.amountMinor === NO_FUNDS_AMOUNT_MINOR) line.reasonCode = 'AM04';
    else if (line.amountMinor > AMOUNT_LIMIT_MINOR) line.reasonCode = 'AM02';
    else if (findClosedAccount(identificationOf(line.creditorAccount).replaceAll(' ', '').toUpperCase()))
      line.reasonCode = 'AC04';
  }
  const refused = payment.lines.find((line) => line.reasonCode !== undefined);
  if (refused) return refused.reasonCode as ReasonCode;
  const debtor = findAccount(payment.bankId, payment.debtorBban);
  if (!debtor) return 'AM04';
  const total = payment.lines.reduce((sum, line) => sum + inNok(line), 0);
  return ledgerFor(state, debtor).lowestBalanceFrom(executionDate) < total ? 'AM04' : undefined;
}

function executeDuePayments(state: BankState) {
  const today = state.today();
  const due = [...state.payments.values()]
    .filter((payment) => payment.status === 'ACTC' && (payment.executionDate ?? today) <= today)
    .sort(byExecution);
  for (const payment of due) {
    const executionDate = payment.executionDate ?? today;
    const reasonCode = refusalAtExecution(state, payment, executionDate);
    payment.statusChangedAt = state.now().toISOString();
    if (reasonCode) {
      payment.status = 'RJCT';
      payment.reasonCode = reasonCode;
      payment.reasonText = REASONS[reasonCode];
    } else {
      payment.status = 'ACSC';
      payment.bookedOn = executionDate;
    }
    state.changed();
  }
}

function timeOutWaitingAuthorisations(state: BankState) {
  const now = state.now().getTime();
  for (const authorisation of state.authorisations.values()) {
    if (authorisation.scaStatus !== 'psuIdentified' || authorisation.waitingSince === undefined) continue;
    const waitedMs = now - Date.parse(authorisation.waitingSince);
    if (waitedMs >= state.scaTimeoutSeconds * 1000) {
      finishAuthorisation(state, authorisation, { approved: false, reasonCode: 'NOAS' });
    }
  }
}

/** Brings every consent's SCA and every payment up to the sandbox's now. */
export function catchUp(state: BankState) {
  timeOutWaitingAuthorisations(state);
  executeDuePayments(state);
}

/** When a person who waits for BankID will be told it timed out. */
export function timeoutAt(state: BankState, authorisation: StoredAuthorisation): number {
  return Date.parse(authorisation.waitingSince ?? state.now().toISOString()) + state.scaTimeoutSeconds * 1000;
}
