import { normalizeOrganisationNumber } from '@bilag/domain';
import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import { ProviderError } from '../provider-error';
import { createProviderHttp, type ProviderResponse, protocolError, readAnswer } from '../provider-http';
import type { OnboardingAtProvider, OnboardingClient, ProviderOnboardingStatus } from './interface';

/**
 * The payment service's onboarding API, with the X-Api-Key header: `POST v1/onboardings`,
 * `GET v1/onboardings/{id}` and `GET v1/companies/{organisationNumber}`.
 */

const PROVIDER_STATUSES = [
  'pending',
  'success',
  'completed',
  'already-onboarded',
  'company-not-found',
  'declined-enk-no-vat',
  'declined-risk-evaluation',
  'declined-unsupported-company-type',
  'signorder-expired',
] as const satisfies readonly ProviderOnboardingStatus[];

const Answer = z.object({
  onboardingId: z.string().min(1).max(200),
  organisationNumber: z.string().max(20),
  status: z.enum(PROVIDER_STATUSES),
  signUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});

const Refusal = z.object({ code: z.string().max(100).optional(), message: z.string().max(2000).optional() });

function refusalOf(response: ProviderResponse): ProviderError {
  const refusal = Refusal.safeParse(response.body);
  return new ProviderError({
    party: 'onboarding',
    failure: 'rejected',
    requestId: response.requestId,
    status: response.status,
    partyCode: refusal.success ? refusal.data.code : undefined,
    partyText: refusal.success ? refusal.data.message : undefined,
  });
}

function onboardingOf(response: ProviderResponse, organisationNumber?: string): OnboardingAtProvider {
  const answer = readAnswer('onboarding', Answer, response);
  // An answer about another company must never stand for this one.
  if (organisationNumber !== undefined && answer.organisationNumber !== organisationNumber)
    throw protocolError('onboarding', response);
  // Only a pending onboarding is signed, and then only on the provider's page.
  if (answer.status === 'pending' && answer.signUrl === undefined)
    throw protocolError('onboarding', response);
  return {
    onboardingId: answer.onboardingId,
    organisationNumber: answer.organisationNumber,
    status: answer.status === 'declined-enk-no-vat' ? 'company-not-found' : answer.status,
    providerStatus: answer.status,
    signUrl: answer.status === 'pending' ? answer.signUrl : undefined,
  };
}

export function createOnboardingClient(
  settings: ProviderSettings,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): OnboardingClient {
  const { url, apiKey } = settings.onboarding;
  const http = createProviderHttp({
    party: 'onboarding',
    baseUrl: url,
    timeoutMs: settings.timeoutMs,
    headers: () => ({ 'x-api-key': apiKey }),
    sleep: options.sleep,
  });

  return {
    async start(request) {
      const organisationNumber = normalizeOrganisationNumber(request.organisationNumber);
      const response = await http.send({
        method: 'POST',
        path: '/v1/onboardings',
        json: {
          organisationNumber,
          returnUrl: request.returnUrl,
          language: request.language === 'no' ? 'nb' : 'en',
        },
        // The provider answers a company's pending onboarding to a repeat, so a retry makes no second one.
        idempotencyKey: crypto.randomUUID(),
        accept: [400],
      });
      if (response.status === 400) throw refusalOf(response);
      return onboardingOf(response, organisationNumber);
    },

    async status(onboardingId) {
      const response = await http.send({
        method: 'GET',
        path: `/v1/onboardings/${encodeURIComponent(onboardingId)}`,
        accept: [404],
      });
      if (response.status === 404) throw refusalOf(response);
      return onboardingOf(response);
    },

    async latestOfCompany(organisationNumberInput) {
      const organisationNumber = normalizeOrganisationNumber(organisationNumberInput);
      const response = await http.send({
        method: 'GET',
        path: `/v1/companies/${encodeURIComponent(organisationNumber)}`,
        accept: [400, 404],
      });
      if (response.status === 404) return undefined;
      if (response.status === 400) throw refusalOf(response);
      return onboardingOf(response, organisationNumber);
    },
  };
}
