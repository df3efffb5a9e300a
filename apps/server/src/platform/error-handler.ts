import {
  ErrorCode,
  type ErrorReply,
  type RouteDeclaration,
  routeTable,
  type V2ErrorReply,
} from '@bilag/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ProviderError, providerErrorToAppError } from '../providers/provider-error';
import { AppError, closedPeriodError } from './errors';
import { megabytesOf } from './form-data';
import { requestLanguage } from './language';
import { type MessageKey, translate } from './messages';

/**
 * A failure in the shape its route declared: the envelope, or for the catalogue's v2 calls
 * `{ code: <HTTP status>, errors, message }` with the field of each validation problem.
 */
function sendShaped(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: ErrorReply,
  declaration: RouteDeclaration | undefined = request.routeOptions.config?.declaration,
) {
  if (declaration?.replyShape !== 'v2') return reply.status(status).send(body);
  const fieldProblems = Array.isArray(body.data)
    ? body.data.flatMap((item: unknown) => {
        const field: unknown =
          typeof item === 'object' && item !== null ? Reflect.get(item, 'field') : undefined;
        const message: unknown =
          typeof item === 'object' && item !== null ? Reflect.get(item, 'message') : undefined;
        return typeof field === 'string' && typeof message === 'string'
          ? [{ code: body.code, message, field }]
          : [];
      })
    : [];
  const v2: V2ErrorReply = {
    code: status,
    errors: fieldProblems.length > 0 ? fieldProblems : [{ code: body.code, message: body.message }],
    message: body.message,
  };
  return reply.status(status).send(v2);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  key: MessageKey,
  extra: Partial<ErrorReply> = {},
  params: Record<string, string | number> = {},
  declaration?: RouteDeclaration,
) {
  const body: ErrorReply = {
    isSuccess: false,
    success: false,
    message: translate(requestLanguage(request), key, params),
    code,
    ...extra,
  };
  return sendShaped(request, reply.type('application/json'), status, body, declaration);
}

const statusToMessage: Record<number, [ErrorCode, MessageKey]> = {
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType'],
  429: [ErrorCode.RATE_LIMITED, 'rateLimited'],
  404: [ErrorCode.NOT_FOUND, 'notFound'],
};

/**
 * The SQLSTATE of a PostgreSQL "data exception" (class 22: a value the database cannot take, such as
 * NUL in text, a number beyond its column or an impossible date), looked for on the error and the
 * errors it wraps: drizzle wraps the driver's error in `cause`, and node-postgres and PGlite both set
 * `code` on theirs. A value the contract let through is still the client's, so it answers 400, not 500.
 */
export function postgresDataException(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = Reflect.get(current, 'cause');
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode (FST_ERR_BAD_URL, such as a
 * percent-encoded lone surrogate) or a path parameter beyond maxParamLength (FST_ERR_MAX_PARAM_LENGTH)
 * is refused before any route or error handler runs, and without this in a body of Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return send(
    request,
    reply,
    status,
    ErrorCode.VALIDATION_FAILED,
    'validationFailed',
    {},
    {},
    declarationOfRawPath(request.method, request.url),
  );
}

/**
 * The call a URL the router could not read was meant for, so that its refusal still has the call's
 * reply shape: its path has the same segments, a parameter standing for any one of them. Static
 * segments take precedence over parameters, as in the router.
 */
function declarationOfRawPath(method: string, url: string): RouteDeclaration | undefined {
  const segments = (url.split('?')[0] ?? '').split('/');
  let best: { declaration: RouteDeclaration; staticSegments: number } | undefined;
  for (const declaration of Object.values(routeTable)) {
    if (declaration.method !== method) continue;
    const declared = declaration.path.split('/');
    if (declared.length !== segments.length) continue;
    const fits = declared.every((segment, index) => segment.startsWith(':') || segment === segments[index]);
    const staticSegments = declared.filter((segment) => !segment.startsWith(':')).length;
    if (fits && (!best || staticSegments > best.staticSegments)) best = { declaration, staticSegments };
  }
  return best?.declaration;
}

/**
 * Every failure leaves in the catalogue's envelope with a message a person understands, in their
 * language. Unexpected errors are logged in full and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError | ProviderError, request, reply) => {
    let error = closedPeriodError(thrown) ?? thrown;
    if (error instanceof ProviderError) {
      request.log.warn(
        { err: error, party: error.party, partyRequestId: error.requestId },
        'outside party failed',
      );
      const language = requestLanguage(request);
      error = providerErrorToAppError(error, (key) => translate(language, key));
    }
    if (error instanceof AppError) {
      const language = requestLanguage(request);
      const body: ErrorReply = {
        isSuccess: false,
        success: false,
        message: error.options.literalMessage ?? translate(language, error.messageKey, error.options.params),
        code: error.code,
        ...(error.options.errorType ? { errorType: error.options.errorType } : {}),
        ...(error.options.data !== undefined ? { data: error.options.data } : {}),
      };
      return sendShaped(request, reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      return send(request, reply, 400, ErrorCode.VALIDATION_FAILED, 'validationFailed', { data: issues });
    }
    const dataException = postgresDataException(error);
    if (dataException) {
      // Logged as a warning: the contract should have refused the value, so the field is worth a look.
      request.log.warn({ err: error, sqlState: dataException }, 'value refused by the database');
      return send(request, reply, 400, ErrorCode.VALIDATION_FAILED, 'valueNotStorable');
    }
    const status = error.statusCode ?? 500;
    // A body Fastify reads itself (multipart limits are named where the form is read) passed the route's limit.
    if (status === 413) {
      return send(
        request,
        reply,
        413,
        ErrorCode.PAYLOAD_TOO_LARGE,
        'payloadTooLarge',
        {},
        {
          megabytes: megabytesOf(request.routeOptions.bodyLimit),
        },
      );
    }
    const known = statusToMessage[status];
    if (known) return send(request, reply, status, known[0], known[1]);
    if (status >= 400 && status < 500) {
      return send(request, reply, status, ErrorCode.VALIDATION_FAILED, 'validationFailed');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, ErrorCode.INTERNAL, 'internal');
  });
}
