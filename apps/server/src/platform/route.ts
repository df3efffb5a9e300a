import {
  ErrorReply,
  type EVENT_STREAM_REPLY,
  type FILE_REPLY,
  type Route,
  type RouteData,
  type RouteDeclaration,
  type RouteInput,
  roleMay,
  V2ErrorReply,
} from '@bilag/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { type Principal, requireAdmin, requirePrincipal } from './auth';
import { Errors } from './errors';
import { uploadedFiles } from './form-data';
import { IDEMPOTENCY_HEADER, requestFingerprint, runIdempotently } from './idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from; the app refuses an /api route without one. */
    declaration?: RouteDeclaration;
  }
}

const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe('Any unique text of 8 to 255 visible characters; a repeat with the same key acts once'),
});

/** Every failure a call can answer with, in the envelope of ErrorReply. */
const ERROR_REPLIES = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 422, 429].map((status) => [status, ErrorReply]),
);

const V2_ERROR_REPLIES = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 422, 429].map((status) => [status, V2ErrorReply]),
);

/** A reply with a message beside its data (the catalogue shows it to the person). */
export class MessageReply<Data> {
  constructor(
    readonly data: Data,
    readonly message: string,
  ) {}
}

export function withMessage<Data>(data: Data, message: string): MessageReply<Data> {
  return new MessageReply(data, message);
}

export type HandlerContext<R extends RouteDeclaration> = {
  /** The signed-in caller; null only on public routes. */
  principal: R['access'] extends 'public' ? Principal | null : Principal;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A file or an event stream is written on the reply itself, which the handler answers. */
type HandlerResult<R extends RouteDeclaration> = R['reply'] extends
  | typeof FILE_REPLY
  | typeof EVENT_STREAM_REPLY
  ? FastifyReply
  : RouteData<R> | MessageReply<RouteData<R>>;

export type RouteHandler<R extends RouteDeclaration> = (
  input: RouteInput<R>,
  context: HandlerContext<R>,
) => Promise<HandlerResult<R>> | HandlerResult<R>;

/** What a route may add to its contract: server policy such as limits and rates, never its shape. */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'serializerCompiler'> & {
  config?: Omit<FastifyContextConfig, 'declaration' | 'isPublic'>;
};

function principalOf(declaration: RouteDeclaration, request: FastifyRequest): Principal | null {
  if (declaration.access === 'public') return request.principal;
  return declaration.access === 'admin' ? requireAdmin(request) : requirePrincipal(request);
}

/** Refuses a caller whose role lacks the call's action before the body is read or checked. */
async function requireRoleAction(request: FastifyRequest): Promise<void> {
  const declaration = request.routeOptions.config.declaration;
  if (!declaration || declaration.access === 'public') return;
  const principal = declaration.access === 'admin' ? requireAdmin(request) : requirePrincipal(request);
  if (!roleMay(principal.roleId, declaration.action)) throw Errors.roleForbids();
}

/**
 * Registers one declared call: its schemas, the shared error replies, its tags for the OpenAPI
 * document, the access rule and the success envelope all come from the declaration.
 */
export function registerRoute<R extends Route>(
  app: FastifyInstance,
  declaration: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const isWrittenByHandler = typeof declaration.reply === 'string';
  const isV2 = declaration.replyShape === 'v2';
  const errorReplies = isV2 ? V2_ERROR_REPLIES : ERROR_REPLIES;
  app.route({
    method: declaration.method,
    url: declaration.path,
    bodyLimit: options.bodyLimit,
    ...(options.serializerCompiler ? { serializerCompiler: options.serializerCompiler } : {}),
    config: { ...options.config, declaration, isPublic: declaration.access === 'public' },
    onRequest: requireRoleAction,
    schema: {
      tags: [...declaration.tags],
      summary: declaration.summary,
      ...(declaration.consumes ? { consumes: [...declaration.consumes] } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      ...(declaration.idempotent ? { headers: IdempotencyHeaders } : {}),
      response: isWrittenByHandler ? errorReplies : { 200: declaration.reply, ...errorReplies },
    },
    handler: async (request, reply) => {
      const principal = principalOf(declaration, request);
      // The validator compiler has parsed each part with the declaration's own schema.
      const input = { params: request.params, query: request.query, body: request.body } as RouteInput<R>;
      const context = { principal, request, reply } as HandlerContext<R>;
      const respond = async () => {
        const result = await handler(input, context);
        if (isWrittenByHandler) return result;
        if (isV2) {
          if (result instanceof MessageReply)
            return { code: 200, message: result.message, data: result.data };
          return { code: 200, data: result };
        }
        if (result instanceof MessageReply)
          return { isSuccess: true, success: true, message: result.message, data: result.data };
        return { isSuccess: true, success: true, message: '', data: result };
      };
      if (!declaration.idempotent || principal === null) return respond();
      return runIdempotently(
        request.server.idempotency,
        {
          userId: principal.userId,
          header: request.headers[IDEMPOTENCY_HEADER],
          fingerprint: requestFingerprint(request.method, request.url, {
            body: request.body,
            files: uploadedFiles(request).map((file) => [file.fieldName, file.fileName, file.bytes]),
          }),
        },
        () => reply.header('idempotent-replayed', 'true'),
        respond,
      );
    },
  });
}

/**
 * Installs the check that every /api route comes from a declaration, so the OpenAPI document, the
 * web client and the scoping test see every call there is. Must run before routes are registered.
 */
export function requireDeclaredRoutes(app: FastifyInstance, documentationPrefix: string): void {
  app.addHook('onRoute', (options) => {
    const url = options.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith(documentationPrefix) || options.method === 'HEAD') return;
    if (!options.config?.declaration)
      throw new Error(`${String(options.method)} ${url} is registered without a declaration in contracts`);
  });
}
