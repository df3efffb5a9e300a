import type { SandboxContext } from '../platform/context';
import type { AccountReference, Amount, BankId } from './protocol';

/**
 * What the sandbox banks remember, in the sandbox's store (JSON only, times as ISO strings), so a
 * restarted `npm start` still knows the consents and payments the product holds ids of.
 */

export type ConsentAccess = {
  accounts?: AccountReference[];
  balances?: AccountReference[];
  transactions?: AccountReference[];
  availableAccounts?: 'allAccounts';
  allPsd2?: 'allAccounts';
};

/** `expired` is not kept: it follows from validUntil and the sandbox's clock. */
export type StoredConsentStatus = 'received' | 'valid' | 'rejected' | 'terminatedByTpp';
export type ConsentStatus = StoredConsentStatus | 'expired';

/** What the person granted on one account when they approved. */
export type AccountGrant = { bban: string; balances: boolean; transactions: boolean };

export type StoredConsent = {
  id: string;
  bankId: BankId;
  access: ConsentAccess;
  recurringIndicator: boolean;
  validUntil: string;
  frequencyPerDay: number;
  status: StoredConsentStatus;
  createdAt: string;
  lastActionDate: string;
  psuId?: string;
  psuCorporateId?: string;
  authorisationIds: string[];
  grants: AccountGrant[];
};

export type ScaStatus = 'received' | 'psuIdentified' | 'psuAuthenticated' | 'finalised' | 'failed';

export type StoredAuthorisation = {
  id: string;
  bankId: BankId;
  subject: { kind: 'consent' | 'payment'; id: string };
  scaStatus: ScaStatus;
  /** The person the TPP named in PSU-ID: the page asks for no one else. */
  fixedPsuId?: string;
  /** Who logged in on the page. */
  psuId?: string;
  /** Since when a person whose BankID never answers has kept the page waiting. */
  waitingSince?: string;
  okRedirectUri: string;
  nokRedirectUri?: string;
  createdAt: string;
};

export type PaymentProduct =
  | 'norwegian-domestic-credit-transfers'
  | 'sepa-credit-transfers'
  | 'cross-border-credit-transfers';

export const PAYMENT_PRODUCTS: readonly PaymentProduct[] = [
  'norwegian-domestic-credit-transfers',
  'sepa-credit-transfers',
  'cross-border-credit-transfers',
];

export type TransactionStatus = 'RCVD' | 'ACTC' | 'ACSC' | 'RJCT' | 'CANC';

export type CreditorAddress = {
  streetName?: string;
  townName?: string;
  postCode?: string;
  country: string;
};

/** One credit transfer: the whole of a single payment, or one line of a bulk. */
export type PaymentLine = {
  endToEndIdentification?: string;
  instructedAmount: Amount;
  /** instructedAmount in minor units, for sums and checks. */
  amountMinor: number;
  creditorAccount: AccountReference;
  creditorName: string;
  creditorAgent?: string;
  creditorAddress?: CreditorAddress;
  remittanceInformationUnstructured?: string;
  remittanceInformationStructured?: { reference: string; referenceType: 'SCOR' };
  /** The reason this line was refused at execution, when it was. */
  reasonCode?: string;
};

export type StoredPayment = {
  id: string;
  bankId: BankId;
  kind: 'single' | 'bulk';
  product: PaymentProduct;
  debtorAccount: AccountReference;
  debtorBban: string;
  requestedExecutionDate?: string;
  batchBookingPreferred?: boolean;
  lines: PaymentLine[];
  status: TransactionStatus;
  /** The day it executes: set when SCA finishes (the requested date, or that day when later). */
  executionDate?: string;
  /** The day it was booked (ACSC). */
  bookedOn?: string;
  reasonCode?: string;
  reasonText?: string;
  createdAt: string;
  statusChangedAt: string;
  psuId?: string;
  psuCorporateId?: string;
  authorisationIds: string[];
};

/** An answer kept for a repeated Idempotency-Key. */
export type IdempotentAnswer = { fingerprint: string; status: number; body: unknown };

/** Reads without the person present, per consent, counted per account and call for one day. */
export type AccessCount = { date: string; counts: Record<string, number> };

export type BankState = ReturnType<typeof createBankState>;

export function createBankState(context: SandboxContext) {
  const { store, clock } = context;
  return {
    consents: store.collection<StoredConsent>('bankConsents'),
    authorisations: store.collection<StoredAuthorisation>('bankAuthorisations'),
    payments: store.collection<StoredPayment>('bankPayments'),
    idempotentAnswers: store.collection<IdempotentAnswer>('bankIdempotentAnswers'),
    accessCounts: store.collection<AccessCount>('bankAccessCounts'),
    changed: () => store.changed(),
    now: () => clock.now(),
    /** The bank's today, as Norwegian banks book: Europe/Oslo. */
    today: () => clock.today(),
    scaTimeoutSeconds: context.scaTimeoutSeconds,
  };
}

export function consentStatusOf(consent: StoredConsent, today: string): ConsentStatus {
  const isOpen = consent.status === 'valid' || consent.status === 'received';
  if (isOpen && today > consent.validUntil) return 'expired';
  return consent.status;
}
