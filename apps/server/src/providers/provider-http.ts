import type { z } from 'zod';
import { type Party, ProviderError } from './provider-error';

/**
 * The HTTP transport every provider client shares: a timeout on each attempt, one request id for
 * all attempts of a call (so the party and our logs can follow it), retries with backoff on
 * network failures, 5xx and 429 (Retry-After honoured), and a ProviderError for anything else
 * the caller did not say it handles.
 *
 * A call that is not idempotent by its method (POST, PATCH) is retried only when the party
 * cannot have acted on it (429, 503) or when it carries an idempotency key.
 */
export type ProviderRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended to the base URL; the base URL's own path is kept. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string | undefined>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is with the content type in `headers`. */
  rawBody?: string;
  /** Makes a POST safe to retry; sent as Idempotency-Key. */
  idempotencyKey?: string;
  /** Statuses the caller reads itself instead of getting a ProviderError (for example 401 on a consent). */
  accept?: readonly number[];
};

export type ProviderResponse = {
  status: number;
  headers: Headers;
  /** Parsed JSON when the party sent JSON, the text otherwise, undefined when empty. */
  body: unknown;
  requestId: string;
};

export type ProviderHttp = {
  readonly party: Party;
  readonly baseUrl: string;
  send(request: ProviderRequest): Promise<ProviderResponse>;
};

export type ProviderHttpOptions = {
  party: Party;
  baseUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** The longest Retry-After still waited for; a longer one fails the call at once. */
  maxRetryAfterMs?: number;
  /** Headers every call carries (credentials, protocol headers); computed per call. */
  headers?: () => Record<string, string>;
  /** Tests make backoff instant; production waits. */
  sleep?: (ms: number) => Promise<void>;
};

const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;
const BACKOFF_BASE_MS = 200;
/** Enough for any protocol answer the product reads; a bigger one is cut off and refused. */
const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, as milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The party's own error code and text, from the error shapes of the protocols the product speaks. */
export function partyErrorOf(body: unknown): { code?: string; text?: string } {
  if (typeof body !== 'object' || body === null) {
    return typeof body === 'string' && body.trim() !== '' ? { text: body.slice(0, 500) } : {};
  }
  const record = body as Record<string, unknown>;
  const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  // NextGenPSD2: { tppMessages: [{ category, code, text }] }
  const tppMessage = Array.isArray(record.tppMessages)
    ? (record.tppMessages[0] as Record<string, unknown>)
    : undefined;
  if (tppMessage && typeof tppMessage === 'object') {
    return { code: stringOf(tppMessage.code), text: stringOf(tppMessage.text) };
  }
  // PaymentIntents style: { error: { code, message, decline_code } }
  if (typeof record.error === 'object' && record.error !== null) {
    const error = record.error as Record<string, unknown>;
    return { code: stringOf(error.decline_code) ?? stringOf(error.code), text: stringOf(error.message) };
  }
  return {
    code: stringOf(record.code) ?? stringOf(record.error) ?? stringOf(record.StatusID),
    text: stringOf(record.message) ?? stringOf(record.StatusText) ?? stringOf(record.error_description),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_RESPONSE_BYTES) throw new Error(`answer of ${declared} bytes is larger than allowed`);
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new Error('answer is larger than allowed');
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) return JSON.parse(text);
  return text;
}

function urlOf(baseUrl: string, path: string, query: ProviderRequest['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const sleep = options.sleep ?? wait;
  const party = options.party;

  async function send(request: ProviderRequest): Promise<ProviderResponse> {
    const requestId = crypto.randomUUID();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers?.(),
      'x-request-id': requestId,
    };
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    let body: string | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    } else if (request.form) {
      body = new URLSearchParams(request.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      body = request.rawBody;
    }
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    const safeToRepeat = IDEMPOTENT_METHODS.has(request.method) || request.idempotencyKey !== undefined;
    const url = urlOf(options.baseUrl, request.path, request.query);

    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt >= maxAttempts;
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        // The party may have acted on a request that timed out; only a repeatable one is sent again.
        if (isLast || !safeToRepeat)
          throw new ProviderError({ party, failure: 'unavailable', requestId, cause });
        await sleep(backoff(attempt));
        continue;
      }

      const status = response.status;
      const retryable = status === 429 || status === 503 || (status >= 500 && safeToRepeat);
      if (retryable && !request.accept?.includes(status)) {
        const askedWait = retryAfterMs(response.headers.get('retry-after'));
        if (isLast || (askedWait !== undefined && askedWait > maxRetryAfterMs)) {
          // The last answer's own code says which limit or outage it was, for the client to read.
          const { code, text } = partyErrorOf(await readBody(response).catch(() => undefined));
          throw new ProviderError({
            party,
            failure: 'unavailable',
            requestId,
            status,
            partyCode: code,
            partyText: text,
            retryAfterSeconds: askedWait === undefined ? undefined : Math.ceil(askedWait / 1000),
          });
        }
        await response.body?.cancel();
        await sleep(askedWait ?? backoff(attempt));
        continue;
      }

      let parsed: unknown;
      try {
        parsed = await readBody(response);
      } catch (cause) {
        throw new ProviderError({ party, failure: 'protocol', requestId, status, cause });
      }
      if ((status >= 200 && status < 300) || request.accept?.includes(status)) {
        return { status, headers: response.headers, body: parsed, requestId };
      }
      const { code, text } = partyErrorOf(parsed);
      const failure =
        status === 401 || status === 403
          ? 'credentials'
          : status >= 500
            ? 'unavailable'
            : status >= 400
              ? 'rejected'
              : 'protocol';
      throw new ProviderError({ party, failure, requestId, status, partyCode: code, partyText: text });
    }
  }

  return { party, baseUrl: options.baseUrl, send };
}

/** 200 ms, 400 ms, 800 ms… with up to a quarter added at random so retries of many calls spread out. */
function backoff(attempt: number): number {
  const base = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  return base + Math.random() * base * 0.25;
}

/** An answer that does not read as the party's protocol says: the party is not what the settings promise. */
export function protocolError(
  party: Party,
  response: Pick<ProviderResponse, 'requestId' | 'status'>,
  cause?: unknown,
): ProviderError {
  return new ProviderError({
    party,
    failure: 'protocol',
    requestId: response.requestId,
    status: response.status,
    cause,
  });
}

/** The answer read with the protocol's schema; anything else is a protocol failure, never trusted. */
export function readAnswer<Schema extends z.ZodType>(
  party: Party,
  schema: Schema,
  response: ProviderResponse,
): z.output<Schema> {
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) throw protocolError(party, response, parsed.error);
  return parsed.data;
}
