import type { Ore } from '@bilag/domain';

/**
 * The banks as the product's features see them: account information (consents, accounts, balances,
 * transactions) and payment initiation, each bank reached through its NextGenPSD2 interface. A
 * consent or payment is approved by the person on the bank's own page (redirect SCA): the client
 * returns that page's URL and the feature sends the person there.
 */

/** The registry's bank groups the product has a connection to. */
export const CONNECTED_BANK_GROUPS = ['dnb', 'sparebank1', 'handelsbanken'] as const;
export type ConnectedBankGroup = (typeof CONNECTED_BANK_GROUPS)[number];

export type BankClients = {
  /** The client for a bank group of the registry; undefined when the product has no connection to it. */
  forGroup(group: string): BankClient | undefined;
};

/** An amount in the smallest unit of its currency (øre for NOK, cent for EUR); debits are negative. */
export type Money = { amount: Ore; currency: string };

/** A Norwegian account number (11 digits) or an IBAN. */
export type AccountReference = { accountNumber: string } | { iban: string };

/** Who a call is made for; the bank shows and checks this person and company. */
export type OnBehalfOf = {
  /** The person's national identity number; the bank's page then lets only this person log in. */
  nationalIdentityNumber?: string;
  /** The company whose accounts are asked for. */
  organisationNumber?: string;
  /**
   * The person's IP address, given only while they are at the screen: reads made for a person who is
   * there do not count against the consent's reads per day.
   */
  ipAddress?: string;
};

/** Where the bank's page sends the person when they are done. */
export type ReturnUrls = {
  returnUrl: string;
  /** Used instead of `returnUrl` when the person rejects or the authentication fails. */
  returnUrlOnRejection?: string;
};

/**
 * What a consent lets the product read:
 * - `allAccounts`: every account the person may use, with balances and transactions;
 * - `accountList`: only which accounts there are, to let the person choose;
 * - `accounts`: the accounts named, with their balances and transactions when asked for.
 */
export type ConsentAccess =
  | { scope: 'allAccounts' }
  | { scope: 'accountList' }
  | { scope: 'accounts'; accounts: AccountReference[]; balances: boolean; transactions: boolean };

export const CONSENT_STATUSES = [
  'received',
  'partiallyAuthorised',
  'valid',
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** Where the person's strong authentication on the bank's page has come to. */
export const SCA_STATUSES = [
  'received',
  'started',
  'psuIdentified',
  'psuAuthenticated',
  'scaMethodSelected',
  'unconfirmed',
  'exempted',
  'finalised',
  'failed',
] as const;
export type ScaStatus = (typeof SCA_STATUSES)[number];

export type ConsentRequest = ReturnUrls & {
  onBehalfOf: OnBehalfOf;
  access: ConsentAccess;
  /** A consent for reading again and again (a bank feed) rather than once. */
  recurring: boolean;
  /** YYYY-MM-DD; the bank may shorten it (to 180 days ahead at most). */
  validUntil: string;
  /** Reads per account and day without the person present, 1 to 100. */
  frequencyPerDay: number;
  /** Makes a repeated request answer the first consent; one is made up when not given. */
  idempotencyKey?: string;
};

/** A consent, payment or bulk payment waiting for the person on the bank's page. */
export type AuthorisationStarted = {
  authorisationId: string;
  /** The bank's page to send the person to. */
  scaRedirectUrl: string;
};

export type ConsentCreated = AuthorisationStarted & {
  consentId: string;
  status: ConsentStatus;
  /** The date the consent holds until, when the bank said it in its answer. */
  validUntil: string | undefined;
};

export type Consent = {
  consentId: string;
  access: ConsentAccess;
  /** The accounts the consent names; once approved, those it is bound to. */
  accounts: AccountReference[];
  recurring: boolean;
  validUntil: string;
  frequencyPerDay: number;
  lastActionDate: string | undefined;
  status: ConsentStatus;
};

/** A read of account information under a consent. */
export type AccountRead = { consentId: string; onBehalfOf?: OnBehalfOf };

export const BALANCE_TYPES = [
  'closingBooked',
  'expected',
  'openingBooked',
  'interimAvailable',
  'interimBooked',
  'forwardAvailable',
  'nonInvoiced',
] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

export type Balance = {
  type: BalanceType;
  amount: Money;
  /** YYYY-MM-DD, for booked balances. */
  referenceDate: string | undefined;
  /** ISO date-time, for balances that change during the day. */
  lastChangeDateTime: string | undefined;
};

export type BankAccount = {
  /** The bank's own id for the account in account reads; stable, and not the account number. */
  accountId: string;
  accountNumber: string | undefined;
  iban: string | undefined;
  currency: string;
  name: string | undefined;
  product: string | undefined;
  cashAccountType: string | undefined;
  status: 'enabled' | 'deleted' | 'blocked' | undefined;
  bic: string | undefined;
  ownerName: string | undefined;
  /** Present when asked for (`withBalance`). */
  balances: Balance[] | undefined;
};

export type BookingStatus = 'booked' | 'pending' | 'both';

export type TransactionQuery = {
  /** YYYY-MM-DD. */
  dateFrom: string;
  /** YYYY-MM-DD; today when not given. */
  dateTo?: string;
  /** Both when not given. */
  bookingStatus?: BookingStatus;
};

export type BankTransaction = {
  transactionId: string;
  /** The bank's reference of a booked entry; pending transactions have none. */
  entryReference: string | undefined;
  endToEndId: string | undefined;
  /** YYYY-MM-DD; pending transactions have none. */
  bookingDate: string | undefined;
  valueDate: string | undefined;
  /** Negative for money out of the account. */
  amount: Money;
  creditorName: string | undefined;
  creditorAccount: AccountReference | undefined;
  debtorName: string | undefined;
  debtorAccount: AccountReference | undefined;
  /** The free text message. */
  message: string | undefined;
  kid: string | undefined;
  bankTransactionCode: string | undefined;
  proprietaryBankTransactionCode: string | undefined;
};

export type AccountTransactions = { booked: BankTransaction[]; pending: BankTransaction[] };

/** One page of the bank's answer, without the transactions an earlier page of the same listing had. */
export type TransactionPage = AccountTransactions;

/** Domestic in NOK to a Norwegian account, SEPA in EUR to an IBAN, or cross-border in any currency. */
export type PaymentKind = 'domestic' | 'sepa' | 'crossBorder';

/**
 * ISO 20022 payment statuses: RCVD received, ACTC authorised, ACSC carried out, RJCT rejected, CANC
 * cancelled; the others are steps some banks report in between.
 */
export const PAYMENT_STATUSES = [
  'RCVD',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACWC',
  'ACWP',
  'ACSP',
  'ACCC',
  'ACSC',
  'PATC',
  'PART',
  'RJCT',
  'CANC',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A KID (structured, checked by the bank) or a free text message; never both. */
export type Remittance = { kid: string } | { message: string };

export type Creditor = {
  /** 1 to 70 characters. */
  name: string;
  account: AccountReference;
  /** The creditor's bank, for a cross-border payment to an account that is not an IBAN. */
  bic?: string;
  address?: { street?: string; town?: string; postCode?: string; country: string };
};

export type PaymentOrder = {
  /** More than zero. */
  amount: Money;
  creditor: Creditor;
  remittance?: Remittance;
  /** The product's own id for the payment, carried to the creditor's and the debtor's statements. */
  endToEndId?: string;
};

type PaymentInitiationCommon = ReturnUrls & {
  kind: PaymentKind;
  debtorAccount: AccountReference;
  /** YYYY-MM-DD, today or later; today when not given. */
  requestedExecutionDate?: string;
  onBehalfOf: OnBehalfOf;
  /**
   * Required: the caller keeps it with its own record of the payment and sends the same key when it
   * tries again, so a retried initiation answers the first payment instead of making a second.
   */
  idempotencyKey: string;
};

export type PaymentRequest = PaymentInitiationCommon & PaymentOrder;

export type BulkPaymentRequest = PaymentInitiationCommon & {
  /** One entry on the debtor's statement for the whole bulk instead of one per payment. */
  batchBooking: boolean;
  /** 1 to 500 payments, approved together. */
  payments: PaymentOrder[];
};

/** What the product keeps to ask about a payment again. */
export type PaymentReference = { paymentId: string; kind: PaymentKind; bulk: boolean };

export type PaymentInitiated = PaymentReference & AuthorisationStarted & { status: PaymentStatus };

export type Payment = PaymentReference & {
  status: PaymentStatus;
  debtorAccount: AccountReference;
  requestedExecutionDate: string | undefined;
  /** For a bulk payment, whether the bank was asked to book it as one entry. */
  batchBooking: boolean | undefined;
  /** One for a single payment, each of them for a bulk payment. */
  payments: PaymentOrder[];
};

export type PaymentStatusAnswer = {
  status: PaymentStatus;
  /** Why the bank rejected the payment, when it did and said why. */
  rejection: { reasonCode: string | undefined; text: string | undefined } | undefined;
};

/** The bank's ISO 20022 payment status report (pain.002), as the product reads it. */
export type PaymentStatusReport = {
  messageId: string | undefined;
  createdAt: string | undefined;
  status: PaymentStatus | undefined;
  /** ISO reason codes for the whole payment, such as AM04 (insufficient funds). */
  reasonCodes: string[];
  transactions: {
    endToEndId: string | undefined;
    status: PaymentStatus | undefined;
    reasonCodes: string[];
    amount: Money | undefined;
  }[];
};

export type BankClient = {
  readonly group: ConnectedBankGroup;

  /** Asks for a consent; the person approves it on `scaRedirectUrl`. */
  createConsent(request: ConsentRequest): Promise<ConsentCreated>;
  getConsent(consentId: string): Promise<Consent>;
  getConsentStatus(consentId: string): Promise<ConsentStatus>;
  listConsentAuthorisations(consentId: string): Promise<string[]>;
  getConsentScaStatus(consentId: string, authorisationId: string): Promise<ScaStatus>;
  /** Ends the consent at the bank; the product reads nothing more with it. */
  revokeConsent(consentId: string): Promise<void>;

  listAccounts(read: AccountRead, options?: { withBalance?: boolean }): Promise<BankAccount[]>;
  getAccount(read: AccountRead, accountId: string, options?: { withBalance?: boolean }): Promise<BankAccount>;
  getBalances(read: AccountRead, accountId: string): Promise<Balance[]>;
  /**
   * The period's transactions a page at a time, as the bank answers them, so a caller can store each page
   * before the next is read; a transaction a booking pushed onto the next page as well comes once, with
   * the first.
   */
  transactionPages(
    read: AccountRead,
    accountId: string,
    query: TransactionQuery,
  ): AsyncIterable<TransactionPage>;
  /** Every page of the period, booked and pending; a transaction seen on two pages is kept once. */
  listTransactions(
    read: AccountRead,
    accountId: string,
    query: TransactionQuery,
  ): Promise<AccountTransactions>;

  /** Asks the bank to pay; the person approves it on `scaRedirectUrl`. */
  initiatePayment(request: PaymentRequest): Promise<PaymentInitiated>;
  initiateBulkPayment(request: BulkPaymentRequest): Promise<PaymentInitiated>;
  getPayment(payment: PaymentReference): Promise<Payment>;
  getPaymentStatus(payment: PaymentReference): Promise<PaymentStatusAnswer>;
  /** The same status as the bank's pain.002 report, with the status and reason of each transaction. */
  getPaymentStatusReport(payment: PaymentReference): Promise<PaymentStatusReport>;
  listPaymentAuthorisations(payment: PaymentReference): Promise<string[]>;
  getPaymentScaStatus(payment: PaymentReference, authorisationId: string): Promise<ScaStatus>;
  /** Stops a payment that has not been carried out yet. */
  cancelPayment(payment: PaymentReference): Promise<void>;
};
