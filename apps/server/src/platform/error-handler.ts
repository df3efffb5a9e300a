import { ErrorCode, type ErrorReply } from '@bilag/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { requestLanguage } from './language';
import { type MessageKey, translate } from './messages';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  key: MessageKey,
  extra: Partial<ErrorReply> = {},
) {
  const body: ErrorReply = {
    isSuccess: false,
    success: false,
    message: translate(requestLanguage(request), key),
    code,
    ...extra,
  };
  return reply.status(status).type('application/json').send(body);
}

const statusToMessage: Record<number, [ErrorCode, MessageKey]> = {
  413: [ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge'],
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType'],
  429: [ErrorCode.RATE_LIMITED, 'rateLimited'],
  404: [ErrorCode.NOT_FOUND, 'notFound'],
};

/**
 * Every failure leaves in the catalogue's envelope with a message a person understands, in their
 * language. Unexpected errors are logged in full and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      return send(request, reply, 400, ErrorCode.VALIDATION_FAILED, 'validationFailed', { data: issues });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT' || status === 413) {
      return send(request, reply, 413, ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge');
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
