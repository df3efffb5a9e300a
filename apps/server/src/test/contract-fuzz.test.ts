import { ErrorCode, EVENT_STREAM_REPLY, type LoginData, type Route, routeTable } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenPaymentUser } from '../features/payments/payment.fixtures';
import { answerFrameworkError, registerErrorHandler } from '../platform/error-handler';
import { translate } from '../platform/messages';
import {
  bearer,
  givenBankAccount,
  givenTenancy,
  givenTransaction,
  givenUser,
  givenVoucher,
  login,
  type TenantApp,
} from './fixtures';
import {
  givenCompanyMember,
  givenConsent,
  givenDivision,
  givenEhfDocument,
  givenInboxItem,
  givenNotification,
  givenPackagePurchase,
  givenReminderRecords,
  givenTaskRecords,
} from './record-fixtures';
import {
  exampleRequest,
  injectEventStream,
  isMultipartOnly,
  type JsonSchema,
  jsonSchemaOf,
  type RecordIds,
  textExample,
  uploadForm,
} from './route-examples';
import { givenSandbox, type RunningSandbox } from './sandbox';
import { createTestApp } from './test-app';

/**
 * The contract fuzzer: every declared call gets requests generated from its own schemas, most of
 * each field valid and some hostile (ids out of the integer column's range, NUL and other text
 * PostgreSQL refuses, very long or odd unicode text, wrong types, missing and extra fields). Whatever
 * arrives, the server must answer below 500, and every refusal must come in the envelope with a code.
 * FUZZ_RUNS sets the generated requests per call; FUZZ_SEED replays a run. By default the embedded
 * database's pass sends 300 to every call and the PostgreSQL pass 20: the contracts under test are the same
 * on both, the embedded pass is the one every run of the suite has, and the hostile values that reach a
 * database are sent field by field on both. `npm run bench -- fuzz` sends 1,000 to every call.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB === 'postgres' ? 20 : 300));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** The largest value of a PostgreSQL integer column, the type of every record id. */
const MAX_INT = 2_147_483_647;

type Part = 'params' | 'query' | 'body';
type Request = { params?: unknown; query?: unknown; body?: unknown };

/** Ids at and around the edges of the column and of JavaScript's safe integers, also as text. */
const HOSTILE_IDS: unknown[] = [
  0,
  -1,
  MAX_INT + 1,
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -(MAX_INT + 2),
  1.5,
  '2147483648',
  '9007199254740993',
  '1e3',
  ' 7 ',
  'NaN',
  'Infinity',
  '0x10',
];
const LONG_TEXT = 'å'.repeat(100_000);
/** Text PostgreSQL refuses or that has broken code before: NUL, lone surrogates, SQL and LIKE signs. */
const HOSTILE_TEXT: unknown[] = [
  '\u0000',
  'Leverandør\u0000AS',
  LONG_TEXT,
  '𝔘ñí©ødé ✓ 👩‍👩‍👧 ﷽',
  '\ud800',
  "'; drop table voucher; --",
  '%_\\',
  '{"$gt":""}',
  ' ',
  '',
];
/** Values of the wrong type, and `undefined`, which leaves the field out. */
const WRONG_TYPES: unknown[] = [undefined, null, true, [], {}, [[1]], { nested: { deep: 1 } }, 1e308, -0];

const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_IDS, ...HOSTILE_TEXT, ...WRONG_TYPES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** A field that names a record: `id`, `ids`, or a name ending in Id or Ids. */
function isIdField(name: string): boolean {
  return name === 'id' || name === 'ids' || /[a-z]Ids?$/.test(name);
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/**
 * Values for one schema: mostly ones it describes (with text drawn from all of unicode, NUL
 * included, as a free-text field allows), now and then a hostile one.
 */
function arbitraryOf(schema: JsonSchema, ids: number[], name = '', depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: describedBy(schema, ids, name, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function describedBy(schema: JsonSchema, ids: number[], name: string, depth: number): fc.Arbitrary<unknown> {
  if (isIdField(name) && ids.length > 0) {
    const id = fc.constantFrom(...ids);
    const idOrHostile = fc.oneof(
      { weight: 3, arbitrary: id },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
    );
    return typeOf(schema) === 'array' ? fc.array(idOrHostile, { minLength: 1, maxLength: 3 }) : idOrHostile;
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0)
    return fc.oneof(...options.map((option) => describedBy(option, ids, name, depth)));
  if (schema.allOf?.[0]) return describedBy(schema.allOf[0], ids, name, depth);
  switch (typeOf(schema)) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {}))
        shape[field] = arbitraryOf(fieldSchema, ids, field, depth + 1);
      const described = fc.record(shape, { requiredKeys: schema.required ?? [] });
      const extra = fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'extra', 'Id', 'companyId'),
        hostileValue,
        { maxKeys: 2 },
      );
      return fc
        .tuple(described, fc.option(extra, { freq: 4 }))
        .map(([value, added]) => (added ? { ...added, ...value } : value));
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      return fc.array(arbitraryOf(schema.items ?? {}, ids, '', depth + 1), { minLength, maxLength });
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -MAX_INT - 1) + 1, -MAX_INT - 1);
      const max = Math.min(schema.maximum ?? MAX_INT, MAX_INT);
      const bounded = fc.integer({ min: Math.min(min, max), max });
      return fc.oneof(bounded, bounded.map(String), fc.constantFrom(...HOSTILE_IDS));
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'yes'));
    case 'string': {
      if (schema.pattern)
        return fc.constantFrom(textExample(schema), '2025-03-14', '2025-02-30', '0000-00-00', 'x');
      const text = fc.string({
        unit: fc.oneof(
          fc.constantFrom('\u0000'),
          fc.constantFrom('a', 'Æ', ' '),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        ),
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 60, 60),
      });
      return fc.oneof(text, fc.constantFrom(...HOSTILE_TEXT));
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const routes = Object.entries(routeTable);
/** Calls whose hostile values got past their contract and were refused by the database instead. */
const reachedSafetyNet = new Set<string>();

function partsOf(route: Route): Part[] {
  return (['params', 'query', 'body'] as const).filter((part) => route[part] !== undefined);
}

/** Text for a path segment or query value as a client would write it. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form (encodeURIComponent throws on
 * it), so it is sent as the bytes a careless client would send for it, which are not UTF-8 either.
 */
function encodeSegment(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((piece) => (/^\p{Cs}$/u.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
}

function urlOf(route: Route, request: Request): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    // A path segment cannot be left out; an empty one would call another route.
    return encodeSegment(value === undefined ? 'undefined' : asText(value)) || '%20';
  });
  const pairs: string[] = [];
  const query = request.query;
  if (typeof query === 'object' && query !== null)
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value])
        pairs.push(`${encodeSegment(name)}=${encodeSegment(asText(item))}`);
    }
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

describe('every call, fuzzed from its contract', () => {
  let context: TenantApp;
  let sandbox: RunningSandbox;
  let ids: RecordIds;
  /** A session of its own for logout, which ends the session it is called with. */
  let throwawaySession: LoginData;

  beforeAll(async () => {
    // Calls that reach an outside party are fuzzed against the sandbox that plays it.
    sandbox = await givenSandbox();
    const testApp = await createTestApp({ providers: sandbox.providers });
    context = { ...testApp, ...(await givenTenancy(testApp)) };
    const { app, session, companyId } = context;
    const account = await givenBankAccount(app, session, companyId);
    const transaction = await givenTransaction(app, session, companyId, account.Id);
    const voucher = await givenVoucher(app, session, companyId, { supplierName: 'Leverandør AS' });
    // A payment user who may pay, so the payment calls are fuzzed past their permission check.
    await givenPaymentUser(context.db, companyId, context.user.id, { companyBankIds: [account.Id] });
    const throwaway = await givenUser(context.db);
    throwawaySession = await login(app, throwaway.email);
    ids = {
      company: companyId,
      targetCompany: context.outsiderCompanyId,
      voucher: voucher.Id,
      voucherBalance: 1,
      transaction: transaction.Id,
      companyBank: account.Id,
      bank: 1,
      import: 1,
      importJob: 1,
      file: 1,
      rule: 1,
      connection: 1,
      payment: 1,
      consent: await givenConsent(context.db, companyId, 'Fuzz'),
      notification: await givenNotification(context.db, companyId, 'Fuzz'),
      ehfDocument: await givenEhfDocument(context.db, companyId, 'Fuzz'),
      companyUser: await givenCompanyMember(context.db, companyId),
      ...(await givenPackagePurchase(context.db, companyId, 'Fuzz')),
      ...(await givenTaskRecords(context.db, companyId, 'Fuzz')),
      ...(await givenReminderRecords(context.db, companyId, context.user.id)),
      division: await givenDivision(context, account.Id, 'Fuzz'),
      ...(await givenInboxItem(context.db, companyId, 'Fuzz').then((item) => ({
        inboxItem: item.id,
        inboxItemUuid: item.uuid,
      }))),
    };
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  function sessionFor(name: string, route: Route): LoginData {
    if (name === 'logout') return throwawaySession;
    return route.access === 'admin' ? context.adminSession : context.session;
  }

  async function send(name: string, route: Route, request: Request): Promise<LightMyRequestResponse> {
    const url = urlOf(route, request);
    const headers = bearer(sessionFor(name, route));
    if (route.reply === EVENT_STREAM_REPLY)
      return injectEventStream(context.app, { method: route.method, url, headers });
    if (route.method === 'GET' || route.body === undefined)
      return context.app.inject({ method: route.method, url, headers });
    if (isMultipartOnly(route)) {
      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const fields = Object.fromEntries(
        Object.entries(body)
          .filter(([, value]) => value !== undefined)
          .map(([field, value]) => [field, asText(value)]),
      );
      const form = await uploadForm(route, fields);
      return context.app.inject({
        method: route.method,
        url,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    }
    // A body of `undefined` is sent as no body at all.
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    return context.app.inject({
      method: route.method,
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  /**
   * No 5xx; a refusal is the envelope with a code (for a v2 call: the HTTP status as its code, and the
   * errors). Throws with the request so a failure can be replayed.
   */
  function expectHandled(name: string, route: Route, request: Request, response: LightMyRequestResponse) {
    const shown = `${name} ${route.method} ${urlOf(route, request).slice(0, 300)} ${JSON.stringify(request.body)?.slice(0, 300)}`;
    expect(
      response.statusCode,
      `${shown} answered ${response.statusCode}: ${response.body.slice(0, 500)}`,
    ).toBeLessThan(500);
    if (response.statusCode < 400) return;
    const reply = response.json() as {
      isSuccess?: unknown;
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (reply.message === translate('en', 'valueNotStorable')) reachedSafetyNet.add(name);
    if (route.replyShape === 'v2') {
      expect(reply.code, `${shown}: ${response.body}`).toBe(response.statusCode);
      expect(Array.isArray(reply.errors) && reply.errors.length > 0, `${shown}: ${response.body}`).toBe(true);
      return;
    }
    expect(reply.isSuccess, `${shown}: ${response.body}`).toBe(false);
    expect(typeof reply.code, `${shown}: ${response.body}`).toBe('string');
  }

  /** The schema-valid request of route-examples, with the tenant's own records. */
  function validRequest(route: Route): Request {
    const example = exampleRequest(route, ids);
    return { params: example.params, query: example.query, body: example.body };
  }

  it('refuses a voucher id of 2147483648 with 400 (defect 6a)', async () => {
    const response = await context.call(
      'GET',
      `/api/main/voucher/${MAX_INT + 1}?companyId=${context.companyId}`,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it("refuses NUL in a voucher's supplier name with 400 (defect 6b)", async () => {
    const response = await context.call('PUT', `/api/main/voucher/${ids.voucher}`, {
      companyId: context.companyId,
      supplierName: 'Leverandør\u0000AS',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('answers a URL the router cannot read in the envelope, given answerFrameworkError', async () => {
    const app = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 100 } });
    app.get('/thing/:id', async () => ({ isSuccess: true }));
    const badUrl = await app.inject({ method: 'GET', url: '/thing/%ED%A0%80' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ isSuccess: false, code: ErrorCode.VALIDATION_FAILED });
    const longParam = await app.inject({ method: 'GET', url: `/thing/${'9'.repeat(200)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toMatchObject({ isSuccess: false, code: ErrorCode.VALIDATION_FAILED });
    await app.close();
  });

  it.each([
    ['NUL in text', sql`select ${'Leverandør\u0000AS'}::text`],
    ['a number beyond an integer column', sql`select ${String(MAX_INT + 1)}::integer`],
    ['an impossible date', sql`select ${'2025-02-30'}::date`],
    ['NUL in JSON', sql`select ${'{"note":"\\u0000"}'}::jsonb`],
  ])('answers a value the database refuses (%s) with 400, not 500', async (_, query) => {
    // The safety net behind the contracts: a PostgreSQL data exception from either driver.
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/store', async () => {
      await context.db.execute(query);
      return { isSuccess: true };
    });
    const response = await app.inject({ method: 'GET', url: '/store' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ isSuccess: false, code: ErrorCode.VALIDATION_FAILED });
    await app.close();
  });

  it.each(routes)(
    '%s answers every generated request below 500, refusals in the envelope',
    async (name, route) => {
      const parts = partsOf(route);
      const recordIds = [ids.company, ids.voucher, ids.transaction, ids.companyBank];
      const partArbitraries = Object.fromEntries(
        parts.map((part) => {
          const schema = route[part];
          return [part, schema ? arbitraryOf(jsonSchemaOf(schema), recordIds) : fc.constant(undefined)];
        }),
      ) as Record<Part, fc.Arbitrary<unknown>>;
      const generated = fc.record(partArbitraries, { requiredKeys: [] });
      // The valid request comes first, so every call is also exercised past its validation.
      const requests = fc.oneof(
        { weight: 1, arbitrary: fc.constant(validRequest(route)) },
        { weight: 6, arbitrary: generated },
      );
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const response = await send(name, route, request);
          expectHandled(name, route, request, response);
          if (typeof route.reply !== 'string' && response.statusCode < 400) {
            const reply = response.json();
            const succeeded =
              route.replyShape === 'v2' ? reply.code === response.statusCode : reply.isSuccess;
            expect(succeeded, `${name}: ${response.body.slice(0, 300)}`).toBe(true);
          }
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          includeErrorInReport: true,
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
    },
  );

  it.each(routes)(
    '%s refuses an id beyond the integer column and NUL in text, field by field',
    async (name, route) => {
      const valid = validRequest(route);
      for (const part of partsOf(route)) {
        const schema = route[part];
        const base = valid[part];
        if (!schema || typeof base !== 'object' || base === null) continue;
        for (const [field, fieldSchema] of Object.entries(jsonSchemaOf(schema).properties ?? {})) {
          const hostile: unknown[] = [];
          if (isIdField(field)) hostile.push(typeOf(fieldSchema) === 'array' ? [MAX_INT + 1] : MAX_INT + 1);
          const isText = [fieldSchema, ...(fieldSchema.anyOf ?? [])].some(
            (option) => typeOf(option) === 'string',
          );
          if (isText && !fieldSchema.enum) hostile.push('Leverandør\u0000AS');
          for (const value of hostile) {
            const request = { ...valid, [part]: { ...base, [field]: value } };
            expectHandled(name, route, request, await send(name, route, request));
          }
        }
      }
    },
  );

  it('never needs the database safety net: every contract refuses what PostgreSQL cannot store', () => {
    // The contracts are the real fix; the error handler's 400 for a PostgreSQL data exception is the
    // net under them, and no call may fall into it.
    expect([...reachedSafetyNet]).toEqual([]);
  });
});
