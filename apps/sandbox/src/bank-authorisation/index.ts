import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import { answerJsonError, requireApiKey } from '../platform/json-api';
import { type AccountDecision, decide, problemWithNumbers } from './decisions';

/**
 * The bank authorisation service ("crs"): asked whether a person may authorise payments from a
 * company's accounts, it answers per account. Callers authenticate with the X-Api-Key header.
 * Asking has no side effects, so a caller may repeat a call (an Idempotency-Key is accepted and
 * changes nothing).
 */

const AuthorizeBody = z.object({
  organisationNumber: z.string().max(20).describe('The company: 9 digits with a valid check digit'),
  ssn: z
    .string()
    .max(20)
    .describe("The person's national identity number: 11 digits with valid control digits"),
  accountNumbers: z
    .array(z.string().max(20).describe('11 digits with a valid check digit, no spaces or dots'))
    .min(1)
    .max(100),
});
type AuthorizeBody = z.infer<typeof AuthorizeBody>;

const ResData = z.object({
  approvalAccessIndicator: z.enum(['OK', 'NOT_OK']),
  checkedAt: z.string().describe('When the bank gave this answer'),
});

const AuthorizeEntry = z.object({
  accountNumber: z.string(),
  statusCode: z
    .number()
    .int()
    .describe(
      '200 the bank answered; 404 no bank known to the service holds the account; 503 the bank did not answer (resData is then the last known answer and does not authorise)',
    ),
  statusText: z.string(),
  resData: z.array(ResData),
});

const AuthorizeAnswer = z.object({
  statusCode: z.literal(200),
  organisationNumber: z.string(),
  accountNumbers: z.array(z.string()),
  authorizeData: z.array(AuthorizeEntry),
});

const AuthorizeEntryV1 = AuthorizeEntry.extend({
  bic: z.string().nullable().describe('The bank holding the account; null when no bank is known to hold it'),
});

const AuthorizeAnswerV1 = AuthorizeAnswer.extend({
  version: z.literal('v1'),
  authorizeData: z.array(AuthorizeEntryV1),
});

const Failure = z.object({ statusCode: z.number().int(), code: z.string(), message: z.string() });

const DECISION_RULE =
  'An account is authorised for payment only when its entry has statusCode 200 and resData[0].approvalAccessIndicator is OK: the account belongs to the company and the person may pay from it. NOT_OK otherwise. Invalid numbers answer 400 with code INVALID_ORGANISATION_NUMBER, INVALID_SSN, INVALID_ACCOUNT_NUMBER or INVALID_REQUEST.';

const FAULT_NOTE =
  'Sandbox fault `X-Sandbox-Fault: bank-unavailable[=<bank id or BIC>]` plays a bank (all when no value) that does not answer: its accounts get statusCode 503 with the last known answer in resData.';

function entryOf(decision: AccountDecision) {
  return {
    accountNumber: decision.accountNumber,
    statusCode: decision.statusCode,
    statusText: decision.statusText,
    resData: [{ approvalAccessIndicator: decision.approvalAccessIndicator, checkedAt: decision.checkedAt }],
  };
}

export const bankAuthorisationParty: FastifyPluginAsync<SandboxContext> = async (plugin, context) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const apiKeyCheck = requireApiKey(context.credentials.bankAuthorisationApiKey);
  app.setErrorHandler(answerJsonError);

  function decisionsFor(request: FastifyRequest, body: AuthorizeBody) {
    const fault = requestedFault(request);
    const unavailableBank = fault?.name === 'bank-unavailable' ? (fault.value ?? 'all') : undefined;
    return decide(body, context.clock.now(), unavailableBank);
  }

  app.post(
    '/bank-authorisation/crs/authorize',
    {
      onRequest: apiKeyCheck,
      schema: {
        tags: ['bank-authorisation'],
        summary: "Whether the person may authorise payments from each of the company's accounts",
        description: `${DECISION_RULE}\n\n${FAULT_NOTE}`,
        body: AuthorizeBody,
        response: { 200: AuthorizeAnswer, 400: Failure, 401: Failure },
      },
    },
    async (request, reply) => {
      const problem = problemWithNumbers(request.body);
      if (problem) return reply.code(400).send({ statusCode: 400, ...problem });
      const decisions = decisionsFor(request, request.body);
      return {
        statusCode: 200 as const,
        organisationNumber: request.body.organisationNumber,
        accountNumbers: request.body.accountNumbers,
        authorizeData: decisions.map(entryOf),
      };
    },
  );

  app.post(
    '/bank-authorisation/crs/v1/authorize',
    {
      onRequest: apiKeyCheck,
      schema: {
        tags: ['bank-authorisation'],
        summary:
          'Version 1 of authorize: the same request and decisions; the answer says version "v1" and each entry names the bank (BIC) holding the account',
        description: `${DECISION_RULE}\n\n${FAULT_NOTE}`,
        body: AuthorizeBody,
        response: { 200: AuthorizeAnswerV1, 400: Failure, 401: Failure },
      },
    },
    async (request, reply) => {
      const problem = problemWithNumbers(request.body);
      if (problem) return reply.code(400).send({ statusCode: 400, ...problem });
      const decisions = decisionsFor(request, request.body);
      return {
        version: 'v1' as const,
        statusCode: 200 as const,
        organisationNumber: request.body.organisationNumber,
        accountNumbers: request.body.accountNumbers,
        authorizeData: decisions.map((decision) => ({
          ...entryOf(decision),
          bic: decision.bank?.bic ?? null,
        })),
      };
    },
  );
};
