import type { z } from 'zod';
import type { RoleAction } from './role-matrix';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call. The server enforces it: `public` needs no sign-in, `admin` refuses every other
 * role before the service runs, `company` calls name a company (or a record of one) whose membership
 * the service proves, and `user` calls concern only the signed-in person.
 */
export type RouteAccess = 'public' | 'user' | 'company' | 'admin';

/** The reply of a call that answers with a file's bytes instead of the JSON envelope. */
export const FILE_REPLY = 'file';

/**
 * The reply of a call that keeps its response open and sends server-sent events (text/event-stream),
 * each a JSON object, until the client or the server ends it.
 */
export const EVENT_STREAM_REPLY = 'event-stream';

/**
 * A public call needs no role; every other names the action of the role matrix it needs, which the
 * server checks before the call runs.
 */
type RouteAccessRule =
  | { readonly access: 'public'; readonly action?: undefined }
  | { readonly access: Exclude<RouteAccess, 'public'>; readonly action: RoleAction };

export type RouteDeclaration = RouteAccessRule & {
  readonly method: RouteMethod;
  /** The catalogue's path, under its service prefix, with `:name` parameters. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The whole reply (envelope included), FILE_REPLY or EVENT_STREAM_REPLY. */
  readonly reply: z.ZodType | typeof FILE_REPLY | typeof EVENT_STREAM_REPLY;
  /** Request body types other than JSON (multipart uploads). */
  readonly consumes?: readonly ('application/json' | 'multipart/form-data')[];
  /**
   * The call moves money or changes what is paid: it takes an Idempotency-Key header, and a repeat with
   * the same key answers what the first answered instead of acting again.
   */
  readonly idempotent?: boolean;
  /**
   * `v2`: the catalogue's v2 calls answer `{ code: <HTTP status>, data, message? }` and fail with
   * `{ code: <HTTP status>, errors: [...], message? }` (V2Reply, V2ErrorReply) instead of the envelope.
   */
  readonly replyShape?: 'v2';
  readonly summary: string;
  readonly tags: readonly string[];
};

const ROUTE_BRAND = Symbol.for('bilag.route');

export type Route<Declaration extends RouteDeclaration = RouteDeclaration> = Declaration & {
  readonly [ROUTE_BRAND]: true;
};

/** Declares one call of the API; the server registers it and the web calls it from this alone. */
export function route<const Declaration extends RouteDeclaration>(
  declaration: Declaration,
): Route<Declaration> {
  return { ...declaration, [ROUTE_BRAND]: true };
}

export function isRoute(value: unknown): value is Route {
  return typeof value === 'object' && value !== null && ROUTE_BRAND in value;
}

type SchemaOutput<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
/**
 * What a client may send for a schema. A coerced field accepts anything on the wire (its input type is
 * unknown), so a client is held to the type it is coerced to. A union of objects stays a union: each
 * member is typed on its own (a naked type parameter distributes), so a member's own fields are kept.
 */
type SchemaInput<Schema> = Schema extends z.ZodType
  ? ClientInput<z.input<Schema>, z.output<Schema>>
  : undefined;

type ClientInput<Input, Output> =
  Input extends Record<string, unknown>
    ? {
        [Key in keyof Input]: unknown extends Input[Key]
          ? Output extends unknown
            ? Key extends keyof Output
              ? Output[Key]
              : never
            : never
          : Input[Key];
      }
    : Input;

/** What a handler receives once the request has been parsed. */
export type RouteInput<R extends RouteDeclaration> = {
  params: SchemaOutput<R['params']>;
  query: SchemaOutput<R['query']>;
  body: SchemaOutput<R['body']>;
};

type Present<Name extends string, Value> = Value extends undefined
  ? { [K in Name]?: undefined }
  : {
      [K in Name]: Value;
    };

/** What a client sends: only the parts the route declares, typed before parsing. */
export type RouteRequest<R extends RouteDeclaration> = Present<'params', SchemaInput<R['params']>> &
  Present<'query', SchemaInput<R['query']>> &
  Present<'body', SchemaInput<R['body']>>;

export type RouteReply<R extends RouteDeclaration> = R['reply'] extends z.ZodType
  ? z.output<R['reply']>
  : never;

/** The data inside the envelope of a route's reply. */
export type RouteData<R extends RouteDeclaration> = RouteReply<R> extends { data: infer Data } ? Data : never;

/** The path of a call with its parameters filled in, each encoded as one path segment. */
export function routePath(declaration: RouteDeclaration, params: Record<string, unknown> = {}): string {
  return declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${declaration.method} ${declaration.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the values that are set (empty text counts as unset), or '' when none is. */
export function routeQueryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Every route exported by the given modules, keyed by its export name. */
export function collectRoutes(...modules: Record<string, unknown>[]): Record<string, Route> {
  const table: Record<string, Route> = {};
  for (const module of modules)
    for (const [name, value] of Object.entries(module)) if (isRoute(value)) table[name] = value;
  return table;
}
