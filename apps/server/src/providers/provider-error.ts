import { ErrorCode } from '@bilag/contracts';
import { AppError } from '../platform/errors';
import type { MessageKey } from '../platform/messages';

/** The outside parties the product talks to, each behind its own client in providers/<party>/. */
export type Party = 'bank' | 'signing' | 'bankAuthorisation' | 'onboarding' | 'card' | 'peppol' | 'mail';

const PARTY_NAME: Record<Party, MessageKey> = {
  bank: 'partyBank',
  signing: 'partySigning',
  bankAuthorisation: 'partyBankAuthorisation',
  onboarding: 'partyOnboarding',
  card: 'partyCard',
  peppol: 'partyPeppol',
  mail: 'partyMail',
};

/**
 * How a call to a party failed:
 * - `unavailable`: not reached, timed out, or 5xx / 429 still after the retries;
 * - `rejected`: the party answered 4xx about this request (its code and text are kept);
 * - `credentials`: the party refused the product itself (401/403 on the product's credentials);
 * - `protocol`: the answer could not be read as the protocol says.
 */
export type ProviderFailure = 'unavailable' | 'rejected' | 'credentials' | 'protocol';

export class ProviderError extends Error {
  readonly party: Party;
  readonly failure: ProviderFailure;
  /** The HTTP status the party answered with, when it answered. */
  readonly status: number | undefined;
  /** The party's own error code (for example CONSENT_EXPIRED, card_declined), when it gave one. */
  readonly partyCode: string | undefined;
  /** The party's own explanation, when it gave one; shown to the person on a rejection. */
  readonly partyText: string | undefined;
  /** Seconds the party asked us to wait, from Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** The product's own words for a refusal the client recognised (an expired consent, a declined card). */
  readonly reasonKey: MessageKey | undefined;
  readonly requestId: string;

  constructor(init: {
    party: Party;
    failure: ProviderFailure;
    requestId: string;
    status?: number;
    partyCode?: string;
    partyText?: string;
    retryAfterSeconds?: number;
    reasonKey?: MessageKey;
    cause?: unknown;
  }) {
    super(
      `${init.party} ${init.failure}${init.status ? ` (HTTP ${init.status})` : ''}${init.partyCode ? ` ${init.partyCode}` : ''}${init.partyText ? `: ${init.partyText}` : ''}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ProviderError';
    this.party = init.party;
    this.failure = init.failure;
    this.requestId = init.requestId;
    this.status = init.status;
    this.partyCode = init.partyCode;
    this.partyText = init.partyText;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.reasonKey = init.reasonKey;
  }
}

const MAX_REASON_LENGTH = 300;

/**
 * The message a person gets for a party's failure, in their language; never a 500. A refusal the
 * client recognised is explained in the product's words, any other in the party's own.
 */
export function providerErrorToAppError(
  error: ProviderError,
  translate: (key: MessageKey) => string,
): AppError {
  const party = translate(PARTY_NAME[error.party]);
  switch (error.failure) {
    case 'unavailable':
      return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'providerUnavailable', {
        params: { party },
        data: { party: error.party, requestId: error.requestId, retryAfterSeconds: error.retryAfterSeconds },
      });
    case 'rejected': {
      const data = { party: error.party, requestId: error.requestId, partyCode: error.partyCode };
      const reason = error.reasonKey
        ? translate(error.reasonKey)
        : error.partyText?.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_LENGTH);
      return reason
        ? new AppError(ErrorCode.PROVIDER_REJECTED, 'providerRejected', { params: { party, reason }, data })
        : new AppError(ErrorCode.PROVIDER_REJECTED, 'providerRejectedWithoutReason', {
            params: { party },
            data,
          });
    }
    default:
      return new AppError(ErrorCode.PROVIDER_FAILED, 'providerFailed', {
        params: { party },
        data: { party: error.party, requestId: error.requestId },
      });
  }
}
