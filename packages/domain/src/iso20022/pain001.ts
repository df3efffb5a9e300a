/**
 * pain.001, the credit transfer initiation a company sends its bank. This module holds the message as the
 * writer takes it and is where the public API is imported from; validation, writing, reading and the JSON
 * request live beside it.
 */

import type { Ore } from '../money/ore';

export {
  creditTransfersFromPain001,
  type Pain001Document,
  type Pain001PaymentInfo,
  type Pain001RegulatoryReport,
  type Pain001Transaction,
  parsePain001,
} from './pain001-read';
export { type Pain001Request, pain001MessageFromRequest } from './pain001-request';
export { PAIN001_VERSIONS, REGULATORY_REPORTING_THRESHOLD_ORE } from './pain001-validate';
export { writePain001 } from './pain001-write';

export type Pain001Version = '001.001.03' | '001.001.09';

export type ChargeBearer = 'DEBT' | 'CRED' | 'SHAR' | 'SLEV';

/** Exactly one of `iban` and `bban` (a Norwegian 11-digit account number for domestic payments). */
export interface PaymentAccount {
  iban?: string;
  bban?: string;
}

export interface PostalAddress {
  street?: string;
  postCode?: string;
  town?: string;
  /** ISO 3166 alpha-2. */
  country?: string;
}

export interface PaymentDebtor {
  name: string;
  account: PaymentAccount;
  bic?: string;
}

export interface PaymentCreditor {
  name: string;
  account: PaymentAccount;
  /** Required for international payments. */
  bic?: string;
  address?: PostalAddress;
}

/**
 * Norwegian regulatory reporting (betalingsformål) for cross-border payments: a code from Norges Bank's
 * list and a short description. Required when an international payment exceeds NOK 100 000.
 */
export interface RegulatoryReporting {
  code: string;
  text: string;
}

export interface CreditTransfer {
  endToEndId: string;
  instructionId?: string;
  /** Minor units of `currency`. */
  amount: Ore;
  currency: string;
  /** Requested execution date, YYYY-MM-DD. */
  executionDate: string;
  debtor: PaymentDebtor;
  creditor: PaymentCreditor;
  /** KID, written as a structured creditor reference (SCOR). */
  kid?: string;
  /** ISO 11649 creditor reference (RF…), also written as SCOR. */
  creditorReference?: string;
  /** Free text to the creditor; cut to the 140 characters the format allows. */
  message?: string;
  regulatoryReporting?: RegulatoryReporting;
  /** NOK value of a foreign-currency payment, used to decide whether regulatory reporting is required. */
  nokEquivalent?: Ore;
  chargeBearer?: ChargeBearer;
}

export interface Pain001Message {
  /** Unique per file sent to the bank, at most 35 characters. */
  messageId: string;
  /** ISO date-time of creation. */
  createdAt: string;
  initiatingParty: { name: string; organisationNumber?: string };
  payments: CreditTransfer[];
}
