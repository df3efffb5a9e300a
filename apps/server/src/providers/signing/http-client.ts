import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import { ProviderError } from '../provider-error';
import { createProviderHttp, protocolError, readAnswer } from '../provider-http';
import type {
  AuthenticationState,
  AuthenticationStatus,
  SigningClient,
  SigningLanguage,
  StartAuthentication,
} from './interface';

/**
 * The signing provider's HTTP API (in the style of Signant / BankID signing): HTTP Basic with the
 * product's client id and secret, a `Lang` header (nb or en) on every call, and StatusID /
 * StatusText on every answer.
 */

const ProviderId = z.string().min(1).max(200);

const InitAnswer = z.object({
  AuthenticationUrl: z.url({ protocol: /^https?$/ }).max(4000),
  RequestID: ProviderId,
  TrackingID: ProviderId,
  StatusID: z.number().int(),
  StatusText: z.string().max(2000),
});

const StatusAnswer = z.object({
  RequestID: ProviderId,
  TrackingID: ProviderId,
  StatusID: z.number().int(),
  StatusText: z.string().max(2000),
  UserSSN: z
    .string()
    .regex(/^\d{11}$/)
    .nullish(),
});

const RefusalAnswer = z.object({ StatusID: z.number().int().optional(), StatusText: z.string().optional() });

const STATUS_BY_ID: Record<number, AuthenticationStatus> = {
  1: 'created',
  2: 'in-progress',
  3: 'completed',
  4: 'cancelled',
  5: 'failed',
  6: 'expired',
};

const LANG_HEADER: Record<SigningLanguage, string> = { en: 'en', no: 'nb' };

export function createSigningClient(
  settings: ProviderSettings,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): SigningClient {
  const { url, clientId, clientSecret } = settings.signing;
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const http = createProviderHttp({
    party: 'signing',
    baseUrl: url,
    timeoutMs: settings.timeoutMs,
    headers: () => ({ authorization: `Basic ${basic}` }),
    sleep: options.sleep,
  });

  return {
    async initAuthentication(request: StartAuthentication) {
      const response = await http.send({
        method: 'POST',
        path: '/api/auth/init',
        headers: { lang: LANG_HEADER[request.language] },
        json: {
          ReturnUrl: request.returnUrl,
          CancelUrl: request.cancelUrl,
          ExternalReference: request.externalReference,
          SsnHint: request.ssnHint,
        },
        // A retried start must not leave a second request behind at the provider.
        idempotencyKey: crypto.randomUUID(),
      });
      const answer = readAnswer('signing', InitAnswer, response);
      return {
        authenticationUrl: answer.AuthenticationUrl,
        requestId: answer.RequestID,
        trackingId: answer.TrackingID,
      };
    },

    async getAuthenticationStatus({ requestId, trackingId, language }): Promise<AuthenticationState> {
      const response = await http.send({
        method: 'GET',
        path: '/api/auth/status',
        query: { requestID: requestId, trackingID: trackingId },
        headers: { lang: LANG_HEADER[language] },
        accept: [404],
      });
      if (response.status === 404) {
        const refusal = RefusalAnswer.safeParse(response.body);
        throw new ProviderError({
          party: 'signing',
          failure: 'rejected',
          requestId: response.requestId,
          status: 404,
          partyCode:
            refusal.success && refusal.data.StatusID !== undefined
              ? String(refusal.data.StatusID)
              : undefined,
          partyText: refusal.success ? refusal.data.StatusText : undefined,
          reasonKey: 'signingRequestNotFound',
        });
      }
      const answer = readAnswer('signing', StatusAnswer, response);
      const status = STATUS_BY_ID[answer.StatusID];
      const isAboutThisRequest = answer.RequestID === requestId && answer.TrackingID === trackingId;
      // Bank authorisation rests on the UserSSN, so a completion without one cannot be used.
      const lacksPerson = status === 'completed' && !answer.UserSSN;
      if (!status || !isAboutThisRequest || lacksPerson) throw protocolError('signing', response);
      return {
        status,
        statusId: answer.StatusID,
        statusText: answer.StatusText,
        ...(status === 'completed' && answer.UserSSN ? { userSsn: answer.UserSSN } : {}),
      };
    },
  };
}
