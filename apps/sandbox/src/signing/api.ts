import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import { baseUrlOf, type Language } from '../platform/pages';
import { type RequestStore, type SigningRequest, STATUS_IDS, STATUS_TEXTS, unguessableId } from './requests';

/**
 * The signing provider's API, in the style of Signant / BankID signing: the caller starts an
 * authentication, sends the person to AuthenticationUrl, and polls the status until it is final.
 * Callers authenticate with HTTP Basic; every answer, errors included, carries StatusID and
 * StatusText, the text in the language of the `Lang` header (nb or en, English when absent).
 */

const WebAddress = z.url({ protocol: /^https?$/ }).max(2000);

const InitBody = z.object({
  ReturnUrl: WebAddress.describe('Where the person is sent after approving (http or https, at most 2000)'),
  CancelUrl: WebAddress.optional().describe(
    'Where the person is sent after cancelling, a refusal, a failure or a timeout; ReturnUrl when absent',
  ),
  ExternalReference: z
    .string()
    .max(100)
    .optional()
    .describe("The caller's own reference, kept with the request"),
  SsnHint: z
    .string()
    .regex(/^\d{11}$/, 'SsnHint must be 11 digits')
    .optional()
    .describe('A national identity number to fill in on the page'),
});

const LangHeader = z.object({
  lang: z
    .enum(['nb', 'en'])
    .optional()
    .describe('The language of StatusText and of the page: nb (Norwegian Bokmål) or en'),
});

const StatusQuery = z.object({
  requestID: z.string().min(1).max(200),
  trackingID: z.string().min(1).max(200),
});

const Failure = z.object({ StatusID: z.number().int(), StatusText: z.string() });

const InitAnswer = z.object({
  AuthenticationUrl: z.string(),
  RequestID: z.string(),
  TrackingID: z.string(),
  StatusID: z.number().int(),
  StatusText: z.string(),
});

const StatusAnswer = z.object({
  RequestID: z.string(),
  TrackingID: z.string(),
  StatusID: z.number().int(),
  StatusText: z.string(),
  UserSSN: z.string().optional(),
});

const STATUS_SUMMARY =
  'Status of an authentication. StatusID: 1 created (the page is not opened yet), 2 in progress (the person is on the page or waiting for BankID), 3 completed (UserSSN is set), 4 cancelled by the person (or refused in BankID), 5 failed (a BankID error), 6 expired (not completed within 10 minutes, or the BankID app timed out). 1 and 2 change; 3 to 6 are final. Both ids must belong to one request (404 otherwise).';

const ERROR_TEXTS = {
  en: {
    credentials: 'Missing or wrong client credentials (HTTP Basic)',
    notFound: 'No authentication request has this RequestID and TrackingID',
    idempotencyConflict: 'This Idempotency-Key was used for an authentication with other addresses',
  },
  no: {
    credentials: 'Klientlegitimasjon (HTTP Basic) mangler eller er feil',
    notFound: 'Ingen autentiseringsforespørsel har denne RequestID og TrackingID',
    idempotencyConflict: 'Denne Idempotency-Key ble brukt for en autentisering med andre adresser',
  },
} as const;

function languageOf(request: FastifyRequest): Language {
  return request.headers.lang === 'nb' ? 'no' : 'en';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests, so neither the length nor the first wrong character shows in the time taken. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function statusOf(request: SigningRequest, language: Language): z.infer<typeof StatusAnswer> {
  return {
    RequestID: request.requestId,
    TrackingID: request.trackingId,
    StatusID: STATUS_IDS[request.state],
    StatusText: STATUS_TEXTS[language][request.state],
    ...(request.state === 'completed' && request.userSsn ? { UserSSN: request.userSsn } : {}),
  };
}

export function signingApi(requests: RequestStore): FastifyPluginAsync<SandboxContext> {
  return async (plugin, context) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const expectedAuthorization = `Basic ${Buffer.from(
      `${context.credentials.signingClientId}:${context.credentials.signingClientSecret}`,
    ).toString('base64')}`;

    async function requireClient(request: FastifyRequest, reply: FastifyReply) {
      const given = request.headers.authorization ?? '';
      if (!sameSecret(given, expectedAuthorization)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="signing"')
          .send({ StatusID: 401, StatusText: ERROR_TEXTS[languageOf(request)].credentials });
      }
    }

    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ StatusID: 400, StatusText: `Invalid request: ${error.message}` });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status < 500) return reply.code(status).send({ StatusID: status, StatusText: error.message });
      request.log.error(error);
      return reply.code(500).send({ StatusID: 500, StatusText: 'Internal error' });
    });

    app.post(
      '/signing/api/auth/init',
      {
        onRequest: requireClient,
        schema: {
          tags: ['signing'],
          summary:
            'Start an authentication with BankID: answers AuthenticationUrl (send the person there), RequestID and TrackingID (poll the status with both). An Idempotency-Key header makes a repeated call answer the request it already made.',
          headers: LangHeader,
          body: InitBody,
          response: { 200: InitAnswer, 400: Failure, 401: Failure, 409: Failure },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const body = request.body;
        const idempotencyKey = request.headers['idempotency-key'];
        const key = typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 200) : undefined;
        const earlier = key === undefined ? undefined : requests.byIdempotencyKey(key);
        if (earlier && (earlier.returnUrl !== body.ReturnUrl || earlier.cancelUrl !== body.CancelUrl)) {
          return reply
            .code(409)
            .send({ StatusID: 409, StatusText: ERROR_TEXTS[language].idempotencyConflict });
        }
        const signingRequest: SigningRequest = earlier ?? {
          requestId: unguessableId(),
          trackingId: unguessableId(),
          pageToken: unguessableId(),
          returnUrl: body.ReturnUrl,
          ...(body.CancelUrl === undefined ? {} : { cancelUrl: body.CancelUrl }),
          ...(body.ExternalReference === undefined ? {} : { externalReference: body.ExternalReference }),
          ...(body.SsnHint === undefined ? {} : { ssnHint: body.SsnHint }),
          ...(key === undefined ? {} : { idempotencyKey: key }),
          language,
          state: 'created',
          createdAt: context.clock.now().toISOString(),
        };
        if (!earlier) requests.save(signingRequest);
        const { RequestID, TrackingID, StatusID, StatusText } = statusOf(signingRequest, language);
        return {
          AuthenticationUrl: `${baseUrlOf(request)}/signing/bankid/${signingRequest.pageToken}?lang=${signingRequest.language}`,
          RequestID,
          TrackingID,
          StatusID,
          StatusText,
        };
      },
    );

    app.get(
      '/signing/api/auth/status',
      {
        onRequest: requireClient,
        schema: {
          tags: ['signing'],
          summary: STATUS_SUMMARY,
          description:
            'Sandbox fault `X-Sandbox-Fault: missing-user-ssn` answers a completed request without its UserSSN, to try a client against an answer outside the protocol.',
          headers: LangHeader,
          querystring: StatusQuery,
          response: { 200: StatusAnswer, 400: Failure, 401: Failure, 404: Failure },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const signingRequest = requests.byIds(request.query.requestID, request.query.trackingID);
        if (!signingRequest) {
          return reply.code(404).send({ StatusID: 404, StatusText: ERROR_TEXTS[language].notFound });
        }
        const status = statusOf(signingRequest, language);
        if (requestedFault(request)?.name === 'missing-user-ssn') delete status.UserSSN;
        return status;
      },
    );
  };
}
