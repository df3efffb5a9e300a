import { EVENT_STREAM_REPLY, type RouteDeclaration, routePath, routeQueryString } from '@bilag/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { RE2JS } from 're2js';
import { z } from 'zod';
import { minimalPdf, multipart } from './fixtures';

/** The ids a generated request fills in, by the kind of record a field or path names. */
export type RecordIds = {
  company: number;
  /** The company a copy or move is aimed at. */
  targetCompany: number;
  voucher: number;
  voucherBalance: number;
  transaction: number;
  companyBank: number;
  bank: number;
  import: number;
  importJob: number;
  file: number;
  rule: number;
  connection: number;
  payment: number;
  consent: number;
  notification: number;
  inboxItem: number;
  /** The inbox item's address (/inbox/{uuid}). */
  inboxItemUuid: string;
  ehfDocument: number;
  task: number;
  taskComment: number;
  taskLabel: number;
  taskTemplate: number;
  /** A package of the catalogue (the same for every company). */
  paymentPackage: number;
  /** The company's purchase of a package. */
  packagePurchase: number;
  /** A member of the company (a person on its people page). */
  companyUser: number;
  /** The company's reminder about missing vouchers. */
  reminder: number;
  /** The company's voucher alert. */
  voucherAlert: number;
  /** A division of the company (/admin-bank-division). */
  division: number;
};

export type RecordKind = keyof RecordIds;

/** The parts of a JSON Schema (as zod writes one) that request generators read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** A request part's schema as JSON Schema, describing what a client sends. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Calls that take only multipart bodies (uploads). */
export function isMultipartOnly(declaration: RouteDeclaration): boolean {
  return declaration.consumes?.length === 1 && declaration.consumes[0] === 'multipart/form-data';
}

/** An upload call's body as a browser sends it: its fields as text, and one small PDF. */
export function uploadForm(declaration: RouteDeclaration, fields: Record<string, string>) {
  const fileField = declaration.path.includes('import') ? 'file' : 'files';
  return multipart(fields, [
    { field: fileField, name: 'bilag.pdf', bytes: minimalPdf, type: 'application/pdf' },
  ]);
}

/** Field names that hold a record's id, and the kind of record each names. */
const ID_FIELDS: Record<string, RecordKind> = {
  companyId: 'company',
  toCompanyIds: 'targetCompany',
  voucherId: 'voucher',
  voucherIds: 'voucher',
  voucherBalanceId: 'voucherBalance',
  bankTransactionId: 'transaction',
  bankTransactionIds: 'transaction',
  transactionId: 'transaction',
  companyBankId: 'companyBank',
  companyBankIds: 'companyBank',
  bankId: 'bank',
  importId: 'import',
  jobId: 'importJob',
  fileId: 'file',
  ruleId: 'rule',
  ruleIds: 'rule',
  connectionId: 'connection',
  paymentId: 'payment',
  consentId: 'consent',
  inboxItemId: 'inboxItem',
  uuid: 'inboxItemUuid',
  taskId: 'task',
  labelIds: 'taskLabel',
  templateId: 'taskTemplate',
  packageId: 'paymentPackage',
  purchaseId: 'packagePurchase',
};

/** What a bare `:id` (or `ids`) names, by the first path segment after the service prefix. */
const ID_BY_PATH: Record<string, RecordKind> = {
  voucher: 'voucher',
  transactions: 'transaction',
  'company-banks': 'companyBank',
  banks: 'bank',
  localRules: 'rule',
  globalRules: 'rule',
  transactionVoucher: 'connection',
  bankImport: 'import',
  payments: 'payment',
  'voucher-payments': 'payment',
  notifications: 'notification',
  inbox: 'inboxItem',
  documents: 'ehfDocument',
  tasks: 'task',
  comments: 'taskComment',
  labels: 'taskLabel',
  templates: 'taskTemplate',
  'template-global': 'taskTemplate',
  'company-payment-packages': 'packagePurchase',
  companyUsers: 'companyUser',
  companyUsersReminder: 'reminder',
  companyUsersAlertVoucher: 'voucherAlert',
  'company-services': 'division',
};

export function recordKindOfId(declaration: RouteDeclaration): RecordKind | undefined {
  const segments = declaration.path.split('/');
  // A versioned path (/api/main/v2/voucher-payments/...) names its record after the version.
  const segment = (segments[3] === 'v2' ? segments[4] : segments[3]) ?? '';
  return ID_BY_PATH[segment];
}

/**
 * A plain value a text schema accepts. The contracts' patterns are tried with RE2, the engine every
 * pattern is run with in this project.
 */
export function textExample(schema: JsonSchema): string {
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-')) return '2025-03-14';
  if (schema.format === 'uuid') return '6f1c2a9e-0b7d-4c55-9e3a-8d2f6b1a7c90';
  if (schema.format === 'email') return 'eksempel@example.no';
  const candidates = [
    'Eksempel',
    '12345678903',
    '2025-03-14',
    '1234',
    'NO',
    'NOK',
    'x',
    '923456783',
    '/eksempel',
    '1-0123456789abcdef0123456789abcdef.png',
    '2025-03',
    // A secret of 32 random bytes in base64url, such as an invitation's.
    'Eksempel0Eksempel0Eksempel0Eksempel0Eksempe',
  ];
  if (schema.pattern) {
    const pattern = RE2JS.compile(RE2JS.translateRegExp(schema.pattern));
    const match = candidates.find((candidate) => pattern.matcher(candidate).find());
    if (match) return match;
  }
  return 'Eksempel'.padEnd(schema.minLength ?? 0, 'x');
}

function idValue(kind: RecordKind, ids: RecordIds, isArray: boolean): unknown {
  return isArray ? [ids[kind]] : ids[kind];
}

function exampleOf(schema: JsonSchema, ids: RecordIds, idKind: RecordKind | undefined, name = ''): unknown {
  const fieldKind = ID_FIELDS[name] ?? (name === 'id' || name === 'ids' ? idKind : undefined);
  if (fieldKind) return idValue(fieldKind, ids, schema.type === 'array');
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const concrete = options.find((option) => option.type !== 'null') ?? options[0];
    return concrete ? exampleOf(concrete, ids, idKind, name) : null;
  }
  if (schema.allOf?.[0]) return exampleOf(schema.allOf[0], ids, idKind, name);
  const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
        const isRequired = schema.required?.includes(field) ?? false;
        if (isRequired || field in ID_FIELDS || field === 'id' || field === 'ids')
          value[field] = exampleOf(fieldSchema, ids, idKind, field);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleOf(schema.items ?? {}, ids, idKind),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string':
      return textExample(schema);
    default:
      return schema.default ?? 'Eksempel';
  }
}

/**
 * A request for a declared call, every part generated from its schemas: every field that names a
 * record carries the given ids, every other required field a plain valid value. A part the
 * generator cannot satisfy fails its schema, and `valid` says so.
 */
export function exampleRequest(declaration: RouteDeclaration, ids: RecordIds) {
  const idKind = recordKindOfId(declaration);
  const part = (schema: z.ZodType | undefined) => {
    if (!schema) return { value: undefined, isValid: true };
    const value = exampleOf(jsonSchemaOf(schema), ids, idKind);
    return { value, isValid: schema.safeParse(value).success };
  };
  const params = part(declaration.params);
  const query = part(declaration.query);
  const body = part(declaration.body);
  return {
    params: params.value as Record<string, unknown> | undefined,
    query: query.value as Record<string, unknown> | undefined,
    body: body.value as Record<string, unknown> | undefined,
    isValid: params.isValid && query.isValid && body.isValid,
  };
}

/**
 * Injects a call that answers with an event stream. An open stream never ends on its own, so it is read
 * up to its first frame and then let go (the app ends it when it closes); a refusal is read whole.
 */
export async function injectEventStream(
  app: FastifyInstance,
  options: Omit<InjectOptions, 'payloadAsStream'>,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk));
    if (response.statusCode < 400) break;
  }
  stream.destroy();
  const body = Buffer.concat(chunks).toString('utf8');
  return { ...response, body, payload: body, json: () => JSON.parse(body) };
}

/**
 * Makes the route's example request (exampleRequest) with the given headers, as a client would send
 * it: a form for an upload, an event stream read up to its first frame, JSON otherwise.
 */
export async function injectExample(
  app: FastifyInstance,
  declaration: RouteDeclaration,
  request: ReturnType<typeof exampleRequest>,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const url = `${routePath(declaration, request.params)}${routeQueryString(request.query)}`;
  if (isMultipartOnly(declaration)) {
    const fields = Object.fromEntries(
      Object.entries(request.body ?? {}).map(([field, value]) => [field, String(value)]),
    );
    const form = await uploadForm(declaration, fields);
    return app.inject({
      method: declaration.method,
      url,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  }
  if (declaration.reply === EVENT_STREAM_REPLY) {
    return injectEventStream(app, { method: declaration.method, url, headers });
  }
  return app.inject({
    method: declaration.method,
    url,
    headers,
    ...(declaration.method === 'GET' ? {} : { payload: request.body ?? {} }),
  });
}
