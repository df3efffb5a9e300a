import { isValidOrganisationNumber } from '@bilag/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { answerJsonError, requireApiKey } from '../platform/json-api';
import { baseUrlOf } from '../platform/pages';
import {
  ONBOARDING_STATUSES,
  type Onboarding,
  type OnboardingStore,
  SIGN_ORDER_LIFETIME_DAYS,
} from './onboardings';

/**
 * The payment service's onboarding API: a product onboards a company it serves, the service checks
 * the company and, when it passes, answers the page where the company's signatory signs the
 * agreement with BankID. Callers authenticate with the X-Api-Key header; errors answer
 * `{ statusCode, code, message }`.
 */

const OrganisationNumber = z.string().max(20).describe('9 digits with a valid modulus 11 check digit');

const StartBody = z.object({
  organisationNumber: OrganisationNumber,
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe('Where the signatory is sent from the sign page, after signing or cancelling'),
  language: z.enum(['nb', 'en']).optional().describe('The language of the sign page; nb when absent'),
});

const OnboardingAnswer = z.object({
  onboardingId: z.string(),
  organisationNumber: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  signUrl: z.string().optional().describe('The sign page, while the status is pending'),
  signOrderExpiresAt: z
    .string()
    .optional()
    .describe('Until when the sign order can be signed, while pending'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const Failure = z.object({ statusCode: z.number().int(), code: z.string(), message: z.string() });

const STATUS_RULES = `Statuses: pending (a sign order waits for the company's signatory at signUrl), success (signed; the service sets up the account), completed (the account is set up: the first status read after signing answers success, every later one completed), already-onboarded (the company is a customer already), company-not-found (not in the register), declined-enk-no-vat (a sole proprietorship not registered for VAT), declined-risk-evaluation (turned away by the risk check), declined-unsupported-company-type (a legal form the service does not serve, such as NUF or a foundation), signorder-expired (not signed within ${SIGN_ORDER_LIFETIME_DAYS} days; PUT /sandbox/clock moves time). Cancelling on the sign page leaves the onboarding pending.`;

const FAULT_NOTE =
  'The sandbox faults (X-Sandbox-Fault or POST /sandbox/faults with pathPrefix /onboarding/) apply: rate-limit, server-error, unavailable, slow, slow-answer.';

function validOrganisationNumber(text: string): boolean {
  return /^\d{9}$/.test(text) && isValidOrganisationNumber(text);
}

export function onboardingApi(onboardings: OnboardingStore): FastifyPluginAsync<SandboxContext> {
  return async (plugin, context) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const apiKeyCheck = requireApiKey(context.credentials.onboardingApiKey);
    app.setErrorHandler(answerJsonError);

    function answerOf(request: FastifyRequest, onboarding: Onboarding): z.infer<typeof OnboardingAnswer> {
      return {
        onboardingId: onboarding.onboardingId,
        organisationNumber: onboarding.organisationNumber,
        status: onboarding.status,
        ...(onboarding.status === 'pending'
          ? {
              signUrl: `${baseUrlOf(request)}/onboarding/sign/${onboarding.pageToken}?lang=${onboarding.language}`,
              ...(onboarding.signOrderExpiresAt ? { signOrderExpiresAt: onboarding.signOrderExpiresAt } : {}),
            }
          : {}),
        createdAt: onboarding.createdAt,
        updatedAt: onboarding.updatedAt,
      };
    }

    const invalidOrganisationNumber = {
      statusCode: 400,
      code: 'INVALID_ORGANISATION_NUMBER',
      message: 'organisationNumber is not a valid organisation number (9 digits, modulus 11 check digit)',
    };

    app.post(
      '/onboarding/v1/onboardings',
      {
        onRequest: apiKeyCheck,
        schema: {
          tags: ['onboarding'],
          summary:
            "Onboard a company: the service checks it at once and answers 201 with the outcome; a pending one has signUrl, the page where the company's signatory signs. A company with a pending onboarding gets that one back (200), so repeating the call is safe.",
          description: `${STATUS_RULES}\n\n${FAULT_NOTE}`,
          body: StartBody,
          response: { 200: OnboardingAnswer, 201: OnboardingAnswer, 400: Failure, 401: Failure },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!validOrganisationNumber(body.organisationNumber))
          return reply.code(400).send(invalidOrganisationNumber);
        const { onboarding, created } = onboardings.start({
          organisationNumber: body.organisationNumber,
          returnUrl: body.returnUrl,
          language: body.language === 'en' ? 'en' : 'no',
        });
        return reply.code(created ? 201 : 200).send(answerOf(request, onboarding));
      },
    );

    app.get(
      '/onboarding/v1/onboardings/:onboardingId',
      {
        onRequest: apiKeyCheck,
        schema: {
          tags: ['onboarding'],
          summary: 'Where an onboarding stands now',
          description: `${STATUS_RULES}\n\n${FAULT_NOTE}`,
          params: z.object({ onboardingId: z.string().min(1).max(100) }),
          response: { 200: OnboardingAnswer, 401: Failure, 404: Failure },
        },
      },
      async (request, reply) => {
        const onboarding = onboardings.byId(request.params.onboardingId);
        if (!onboarding) {
          return reply
            .code(404)
            .send({ statusCode: 404, code: 'ONBOARDING_NOT_FOUND', message: 'No onboarding has this id' });
        }
        return answerOf(request, onboardings.read(onboarding));
      },
    );

    app.get(
      '/onboarding/v1/companies/:organisationNumber',
      {
        onRequest: apiKeyCheck,
        schema: {
          tags: ['onboarding'],
          summary: "The company's latest onboarding",
          description: `${STATUS_RULES}\n\n${FAULT_NOTE}`,
          params: z.object({ organisationNumber: OrganisationNumber }),
          response: { 200: OnboardingAnswer, 400: Failure, 401: Failure, 404: Failure },
        },
      },
      async (request, reply) => {
        const { organisationNumber } = request.params;
        if (!validOrganisationNumber(organisationNumber))
          return reply.code(400).send(invalidOrganisationNumber);
        const onboarding = onboardings.latestOf(organisationNumber);
        if (!onboarding) {
          return reply.code(404).send({
            statusCode: 404,
            code: 'NO_ONBOARDING',
            message: 'The company has never been onboarded through this service',
          });
        }
        return answerOf(request, onboardings.read(onboarding));
      },
    );
  };
}
