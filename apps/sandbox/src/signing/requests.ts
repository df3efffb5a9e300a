import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../platform/context';
import type { Language, Texts } from '../platform/pages';

/**
 * The signing provider's authentication requests: made by the API caller, answered by a person on
 * the "approve with BankID" page, read back by polling. A request lives in the sandbox's store so a
 * restarted `npm start` still answers the ids the product holds.
 */
export type SigningState = 'created' | 'in-progress' | 'completed' | 'cancelled' | 'failed' | 'expired';

/** The protocol's StatusID for each state; the numbers are the contract, the names are ours. */
export const STATUS_IDS: Record<SigningState, number> = {
  created: 1,
  'in-progress': 2,
  completed: 3,
  cancelled: 4,
  failed: 5,
  expired: 6,
};

export const STATUS_TEXTS: Texts<SigningState> = {
  en: {
    created: 'Created: waiting for the person to open the authentication page',
    'in-progress': 'In progress: the person is authenticating with BankID',
    completed: 'Completed: the person is authenticated',
    cancelled: 'Cancelled by the person',
    failed: 'Failed: BankID could not authenticate the person',
    expired: 'Expired: not completed in time',
  },
  no: {
    created: 'Opprettet: venter på at personen åpner autentiseringssiden',
    'in-progress': 'Pågår: personen autentiserer seg med BankID',
    completed: 'Fullført: personen er autentisert',
    cancelled: 'Avbrutt av personen',
    failed: 'Feilet: BankID kunne ikke autentisere personen',
    expired: 'Utløpt: ikke fullført i tide',
  },
};

export type SigningRequest = {
  requestId: string;
  trackingId: string;
  /** The secret in AuthenticationUrl: the browser carries it, so it is not the RequestID. */
  pageToken: string;
  returnUrl: string;
  cancelUrl?: string;
  externalReference?: string;
  ssnHint?: string;
  /** The Lang the request was made in; the page opens in it unless the browser asks otherwise. */
  language: Language;
  /** The caller's Idempotency-Key, so a repeated init answers the request it already made. */
  idempotencyKey?: string;
  state: SigningState;
  createdAt: string;
  /** Set while a person who "times out" has BankID waiting on their phone. */
  waitingUntil?: string;
  /** The national identity number BankID is waiting for, while it waits. */
  waitingFor?: string;
  userSsn?: string;
  finishedAt?: string;
};

/** A request not completed within this long is expired, as a real provider's session would be. */
export const REQUEST_LIFETIME_MS = 10 * 60 * 1000;
/** The oldest requests are forgotten beyond this many, so the store file stays small. */
const REQUESTS_KEPT = 10_000;

export function isFinished(state: SigningState): boolean {
  return state === 'completed' || state === 'cancelled' || state === 'failed' || state === 'expired';
}

/** 192 random bits, URL-safe: the ids a caller or a browser holds cannot be guessed. */
export function unguessableId(): string {
  return randomBytes(24).toString('base64url');
}

export function createRequestStore(context: SandboxContext) {
  const requests = context.store.collection<SigningRequest>('signingRequests');

  function save(request: SigningRequest) {
    requests.set(request.requestId, request);
    while (requests.size > REQUESTS_KEPT) {
      const oldest = requests.keys().next().value;
      if (oldest === undefined) break;
      requests.delete(oldest);
    }
    context.store.changed();
  }

  /** Applies the clock: a request past its lifetime, or past a person's BankID wait, is expired. */
  function settled(request: SigningRequest): SigningRequest {
    if (isFinished(request.state)) return request;
    const now = context.clock.now().getTime();
    const waitOver = request.waitingUntil !== undefined && now >= Date.parse(request.waitingUntil);
    const lifetimeOver = now - Date.parse(request.createdAt) >= REQUEST_LIFETIME_MS;
    if (!waitOver && !lifetimeOver) return request;
    return finish(request, 'expired');
  }

  function finish(request: SigningRequest, state: SigningState, userSsn?: string): SigningRequest {
    const finished: SigningRequest = {
      ...request,
      state,
      finishedAt: context.clock.now().toISOString(),
      ...(userSsn === undefined ? {} : { userSsn }),
    };
    delete finished.waitingUntil;
    delete finished.waitingFor;
    save(finished);
    return finished;
  }

  return {
    save,
    finish,
    byIds(requestId: string, trackingId: string): SigningRequest | undefined {
      const request = requests.get(requestId);
      return request && request.trackingId === trackingId ? settled(request) : undefined;
    },
    byPageToken(pageToken: string): SigningRequest | undefined {
      for (const request of requests.values()) {
        if (request.pageToken === pageToken) return settled(request);
      }
      return undefined;
    },
    byIdempotencyKey(key: string): SigningRequest | undefined {
      for (const request of requests.values()) {
        if (request.idempotencyKey === key) return settled(request);
      }
      return undefined;
    },
  };
}

export type RequestStore = ReturnType<typeof createRequestStore>;
