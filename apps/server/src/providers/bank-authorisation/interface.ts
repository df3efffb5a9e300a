/**
 * The bank authorisation service, as the product's features use it: after a person has confirmed
 * who they are with BankID (the signing provider's `userSsn`), it tells for each of a company's
 * bank accounts whether that person may authorise payments from it.
 */

/** Why an account is or is not authorised, for the person to read. */
export type AccountAuthorisationOutcome =
  /** The bank confirmed the person may authorise payments from the account. */
  | 'authorised'
  /** The bank answered that the person may not (or the account is not the company's). */
  | 'not-authorised'
  /** No bank the service knows holds the account. */
  | 'unknown-account'
  /** The bank gave no answer now (or the service left the account out): not an authorisation. */
  | 'not-confirmed';

export type ApprovalAccessIndicator = 'OK' | 'NOT_OK';

export type AccountAuthorisation = {
  /** 11 digits, as asked. */
  accountNumber: string;
  /** True only when the service's indicator is OK with status code 200 for the account. */
  authorised: boolean;
  outcome: AccountAuthorisationOutcome;
  /** The service's approvalAccessIndicator, when it gave one; OK alone does not authorise. */
  indicator: ApprovalAccessIndicator | undefined;
  /** The service's status code for the account, when it answered for it. */
  statusCode: number | undefined;
  /** The BIC of the bank holding the account (v1 only, when the service knows the account). */
  bic?: string;
};

export type CompanyBankAuthorisation = {
  organisationNumber: string;
  /** One per account asked, in the order asked (duplicates once). */
  accounts: AccountAuthorisation[];
};

export type AuthorizeCompanyBanks = {
  /** Nine digits; spaces and dots are removed. */
  organisationNumber: string;
  /** The person's national identity number, the signing provider's UserSSN. */
  ssn: string;
  /** Norwegian account numbers (11 digits; spaces and dots are removed), any number of them. */
  accountNumbers: readonly string[];
};

export interface BankAuthorisationClient {
  /**
   * Which of the company's accounts the person may authorise payments from. An invalid number is a
   * `rejected` ProviderError whose reason names it (organisation number, national identity number
   * or account number).
   */
  authorize(request: AuthorizeCompanyBanks): Promise<CompanyBankAuthorisation>;
  /** The same through the service's v1 endpoint, which also names each account's bank (BIC). */
  authorizeV1(request: AuthorizeCompanyBanks): Promise<CompanyBankAuthorisation>;
}
