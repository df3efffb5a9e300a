/**
 * The eID signing provider, as the product's features use it: a person confirms who they are with
 * BankID on the provider's page, and the product learns their national identity number by polling.
 * Signing authorisation runs: start (`initAuthentication`), keep the ids with the product's request
 * data, send the person to `authenticationUrl`, poll (`getAuthenticationStatus`) until the status is
 * final, and then, with the `userSsn` of a completed authentication, authorise the company's banks.
 */

export type SigningLanguage = 'en' | 'no';

/**
 * Where an authentication stands. `created` and `in-progress` still change; the rest are final:
 * `completed` carries the person's national identity number, `cancelled` is the person's own
 * choice (or a refusal in BankID), `failed` is a BankID error, `expired` is a timeout.
 */
export type AuthenticationStatus =
  | 'created'
  | 'in-progress'
  | 'completed'
  | 'cancelled'
  | 'failed'
  | 'expired';

export const FINAL_AUTHENTICATION_STATUSES: readonly AuthenticationStatus[] = [
  'completed',
  'cancelled',
  'failed',
  'expired',
];

export type StartAuthentication = {
  /** Where the person lands after approving; the product's own page. */
  returnUrl: string;
  /** Where the person lands after cancelling, a refusal, a failure or a timeout; `returnUrl` when absent. */
  cancelUrl?: string;
  /** The language of the provider's page and status texts. */
  language: SigningLanguage;
  /** The product's own reference for the request (at most 100 characters), shown on the page. */
  externalReference?: string;
  /** A national identity number to fill in for the person, when the product knows who should sign. */
  ssnHint?: string;
};

export type StartedAuthentication = {
  /** Send the person here (a redirect); it expires with the request. */
  authenticationUrl: string;
  /** Keep both ids: the status is read with the pair. */
  requestId: string;
  trackingId: string;
};

export type AuthenticationState = {
  status: AuthenticationStatus;
  /** The provider's StatusID, kept for logs and support. */
  statusId: number;
  /** The provider's own text, in the language asked. */
  statusText: string;
  /** The person's national identity number; always set when `status` is `completed`, never otherwise. */
  userSsn?: string;
};

export interface SigningClient {
  /** Starts an authentication with BankID. */
  initAuthentication(request: StartAuthentication): Promise<StartedAuthentication>;
  /**
   * Where an authentication stands. Throws a `rejected` ProviderError (reason
   * `signingRequestNotFound`) when the provider knows no request with these ids.
   */
  getAuthenticationStatus(request: {
    requestId: string;
    trackingId: string;
    language: SigningLanguage;
  }): Promise<AuthenticationState>;
}
