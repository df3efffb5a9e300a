import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { secretsMatch } from './payment-intents';

/**
 * The card provider's wire conventions: a Bearer secret key, form-encoded parameters with bracket
 * keys (`metadata[companyId]=42`, `enabled_events[]=…`), JSON answers, errors as
 * `{ error: { type, code?, decline_code?, message, param? } }`, and Idempotency-Key on POSTs.
 */
export type CardErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'api_error';

export type CardErrorBody = {
  type: CardErrorType;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
};

/** A refusal in the protocol's shape; the card routes' error handler answers it as it is. */
export class CardApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: CardErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(problem: Omit<CardErrorBody, 'type'>, status = 400): CardApiFailure {
  return new CardApiFailure(status, { type: 'invalid_request_error', ...problem });
}

export function noSuch(resource: string, id: string, param = 'id'): CardApiFailure {
  return invalidRequest(
    { code: 'resource_missing', param, message: `No such ${resource}: '${id.slice(0, 100)}'` },
    404,
  );
}

/** An answer the API gives, kept as it is for a repeat with the same Idempotency-Key. */
export type CardAnswer = { status: number; body: unknown };

/** Refuses any API call without the account's secret key, as the provider does. */
export function checkSecretKey(context: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (token && secretsMatch(token, context.credentials.cardSecretKey)) return undefined;
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="card"')
    .send({
      error: {
        type: 'authentication_error',
        message: token
          ? 'Invalid API key: the secret key given is not the account’s.'
          : 'No API key given: send the secret key as "Authorization: Bearer <key>".',
      },
    });
}

export const FORM_ONLY_MESSAGE =
  'Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).';

/** How a parameter is written in the form: `name=v`, `name[key]=v` or `name[]=v` / `name[0]=v`. */
export type ParameterShape = 'value' | 'map' | 'list';

const FORM_KEY = /^([a-z_]{1,40})(?:\[([^[\]]{0,100})\])?$/;

/**
 * The form's flat bracket keys as the nested parameters the endpoint takes. A name the endpoint
 * does not know, or one written in another shape, is refused with its name, as the provider does.
 */
export function readParameters(
  request: FastifyRequest,
  shapes: Record<string, ParameterShape>,
): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
    throw invalidRequest({ message: FORM_ONLY_MESSAGE });
  }
  const values: Record<string, string | Map<string, string> | Array<[number, string]>> = {};
  for (const [key, raw] of Object.entries(body as Record<string, string | string[]>)) {
    const match = FORM_KEY.exec(key);
    const name = match?.[1];
    const subKey = match?.[2];
    const shape = name === undefined ? undefined : shapes[name];
    const param = key.slice(0, 100);
    if (name === undefined || shape === undefined) {
      throw invalidRequest({
        code: 'parameter_unknown',
        param,
        message: `Received unknown parameter: ${param}`,
      });
    }
    const list = Array.isArray(raw) ? raw : [raw];
    if (shape === 'value') {
      if (subKey !== undefined || list.length !== 1) {
        throw invalidRequest({
          code: 'parameter_invalid',
          param,
          message: `${name} takes one value, written ${name}=<value>.`,
        });
      }
      values[name] = list[0] ?? '';
    } else if (shape === 'map') {
      // `__proto__` would not survive as a key of a plain object; refused rather than lost.
      if (!subKey || subKey === '__proto__' || list.length !== 1) {
        throw invalidRequest({
          code: 'parameter_invalid',
          param,
          message: `${name} is a hash: write each entry once as ${name}[<key>]=<value>.`,
        });
      }
      const map =
        values[name] instanceof Map ? (values[name] as Map<string, string>) : new Map<string, string>();
      map.set(subKey, list[0] ?? '');
      values[name] = map;
    } else {
      if (subKey !== undefined && subKey !== '' && !/^\d{1,3}$/.test(subKey)) {
        throw invalidRequest({
          code: 'parameter_invalid',
          param,
          message: `${name} is an array: write its items as ${name}[]=<value> or ${name}[<index>]=<value>.`,
        });
      }
      const items = Array.isArray(values[name]) ? (values[name] as Array<[number, string]>) : [];
      const position = subKey ? Number(subKey) : Number.MAX_SAFE_INTEGER;
      for (const item of list) items.push([position, item]);
      values[name] = items;
    }
  }
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (value instanceof Map) return [name, Object.fromEntries(value)];
      if (Array.isArray(value)) return [name, value.sort((a, b) => a[0] - b[0]).map(([, item]) => item)];
      return [name, value];
    }),
  );
}

/** Parameters checked against the endpoint's schema; the first problem is answered, named by its param. */
export function parseParameters<Schema extends z.ZodType>(
  schema: Schema,
  parameters: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(parameters, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [name = '', ...rest] = issue?.path.map(String) ?? [];
  const param = `${name}${rest.map((part) => `[${part}]`).join('')}`;
  if (issue?.code === 'invalid_type' && issue.input === undefined) {
    throw invalidRequest({ code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
  }
  return throwInvalid(param, issue);
}

function throwInvalid(param: string, issue: z.core.$ZodIssue | undefined): never {
  const message = issue?.message ?? 'Invalid parameter.';
  const code =
    param === 'amount'
      ? issue?.code === 'too_small'
        ? 'amount_too_small'
        : issue?.code === 'too_big'
          ? 'amount_too_large'
          : 'parameter_invalid_integer'
      : param === 'return_url' || param === 'url'
        ? 'url_invalid'
        : param === 'receipt_email'
          ? 'email_invalid'
          : 'parameter_invalid';
  throw invalidRequest({ code, param, message: `Invalid ${param}: ${message}` });
}
