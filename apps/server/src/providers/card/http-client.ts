import { ore } from '@bilag/domain';
import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import type { MessageKey } from '../../platform/messages';
import { ProviderError } from '../provider-error';
import { createProviderHttp, type ProviderResponse, protocolError, readAnswer } from '../provider-http';
import { checkWebhookSignature } from '../webhook-signature';
import {
  CARD_EVENT_TYPES,
  type CardClient,
  type CardPayment,
  type CardPaymentFailure,
  type CardPaymentStatus,
  type CardWebhookEndpoint,
  type CardWebhookReading,
  type CreateCardPayment,
} from './interface';

/**
 * The card provider's HTTP API, in the PaymentIntents style: the secret key as a Bearer token,
 * form-encoded parameters with bracket keys, JSON answers, errors as `{ error: { type, code,
 * decline_code, message } }` (402 for a refused card), Idempotency-Key on every POST (so the
 * transport may retry them), and webhooks signed with the account's webhook secret.
 */

const REPLAY_WINDOW_SECONDS = 5 * 60;

const WebUrl = z.url({ protocol: /^https?$/ }).max(4000);
const ProviderText = z.string().max(2000);
const ProviderCode = z.string().max(100);

const PaymentErrorAnswer = z.object({
  type: ProviderCode,
  code: ProviderCode.optional(),
  decline_code: ProviderCode.optional(),
  message: ProviderText.optional(),
});

const IntentStatus = z.enum([
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

const INTENT_STATUS: Record<z.infer<typeof IntentStatus>, CardPaymentStatus> = {
  requires_payment_method: 'awaiting-card',
  requires_action: 'awaiting-authentication',
  processing: 'processing',
  succeeded: 'paid',
  canceled: 'canceled',
};

const PaymentIntentAnswer = z.object({
  id: z.string().regex(/^pi_\w{1,200}$/),
  object: z.literal('payment_intent'),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z
    .string()
    .transform((currency) => currency.toUpperCase())
    .pipe(z.enum(['NOK', 'EUR'])),
  status: IntentStatus,
  client_secret: z.string().min(1).max(500),
  description: ProviderText.nullish(),
  metadata: z.record(z.string().max(100), z.string().max(1000)).default({}),
  receipt_email: z.string().max(500).nullish(),
  created: z.number().int().min(0),
  last_payment_error: PaymentErrorAnswer.nullish(),
  next_action: z
    .object({ type: ProviderCode, redirect_to_url: z.object({ url: WebUrl }).optional() })
    .nullish(),
  checkout_url: WebUrl,
  canceled_at: z.number().int().min(0).nullish(),
});

const WebhookEndpointAnswer = z.object({
  id: z.string().regex(/^we_\w{1,200}$/),
  object: z.literal('webhook_endpoint'),
  url: WebUrl,
  enabled_events: z.array(z.enum([...CARD_EVENT_TYPES, '*'])).max(100),
  status: z.enum(['enabled', 'disabled']),
});

const WebhookEndpointListAnswer = z.object({
  object: z.literal('list'),
  data: z.array(WebhookEndpointAnswer).max(1000),
});

const DeletedAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

const EventAnswer = z.object({
  id: z.string().regex(/^evt_\w{1,200}$/),
  object: z.literal('event'),
  type: z.enum(CARD_EVENT_TYPES),
  created: z.number().int().min(0),
  data: z.object({ object: PaymentIntentAnswer }),
});

const ErrorAnswer = z.object({ error: PaymentErrorAnswer });

/** The product's words for a card the provider refused; every refusal of a card has one. */
function cardRefusalKey(code: string | undefined, declineCode: string | undefined): MessageKey {
  if (code === 'payment_intent_authentication_failure') return 'cardAuthenticationFailed';
  if (declineCode === 'insufficient_funds') return 'cardInsufficientFunds';
  if (declineCode === 'expired_card' || code === 'expired_card') return 'cardExpired';
  return 'cardDeclined';
}

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function paymentOf(answer: z.infer<typeof PaymentIntentAnswer>): CardPayment {
  const status = INTENT_STATUS[answer.status];
  const error = answer.last_payment_error;
  const lastFailure: CardPaymentFailure | undefined =
    status === 'awaiting-card' && error
      ? {
          code: error.code ?? error.type,
          declineCode: error.decline_code,
          providerMessage: error.message ?? '',
          reasonKey: cardRefusalKey(error.code, error.decline_code),
        }
      : undefined;
  return {
    id: answer.id,
    status,
    amount: ore(answer.amount),
    currency: answer.currency,
    description: answer.description ?? undefined,
    metadata: answer.metadata,
    createdAt: isoOf(answer.created),
    clientSecret: answer.client_secret,
    checkoutUrl: answer.checkout_url,
    authenticationUrl:
      status === 'awaiting-authentication' ? answer.next_action?.redirect_to_url?.url : undefined,
    lastFailure,
    receiptEmail: answer.receipt_email ?? undefined,
    canceledAt: answer.canceled_at ? isoOf(answer.canceled_at) : undefined,
  };
}

function endpointOf(answer: z.infer<typeof WebhookEndpointAnswer>): CardWebhookEndpoint {
  return {
    id: answer.id,
    url: answer.url,
    events: answer.enabled_events,
    enabled: answer.status === 'enabled',
  };
}

/** The provider's refusal, in the product's words where the client knows it. */
function refusalOf(response: ProviderResponse, notFoundKey: MessageKey | undefined): ProviderError {
  const parsed = ErrorAnswer.safeParse(response.body);
  if (!parsed.success) return protocolError('card', response, parsed.error);
  const { type, code, decline_code: declineCode, message } = parsed.data.error;
  const reasonKey: MessageKey | undefined =
    type === 'card_error'
      ? cardRefusalKey(code, declineCode)
      : type === 'idempotency_error'
        ? 'cardIdempotencyConflict'
        : code === 'payment_intent_unexpected_state'
          ? 'cardPaymentNotChangeable'
          : response.status === 404
            ? notFoundKey
            : undefined;
  return new ProviderError({
    party: 'card',
    failure: 'rejected',
    requestId: response.requestId,
    status: response.status,
    partyCode: declineCode ?? code ?? type,
    partyText: message,
    reasonKey,
  });
}

/** The provider's refusals the client reads itself; 401/403 and 5xx stay with the transport. */
const REFUSALS = [400, 402, 404, 409] as const;

export function createCardClient(
  settings: ProviderSettings,
  options: { sleep?: (ms: number) => Promise<void>; now?: () => Date } = {},
): CardClient {
  const http = createProviderHttp({
    party: 'card',
    baseUrl: settings.card.url,
    timeoutMs: settings.timeoutMs,
    headers: () => ({ authorization: `Bearer ${settings.card.secretKey}` }),
    sleep: options.sleep,
  });
  const now = options.now ?? (() => new Date());

  async function call(
    request: Parameters<typeof http.send>[0],
    notFoundKey?: MessageKey,
  ): Promise<ProviderResponse> {
    const response = await http.send({ ...request, accept: REFUSALS });
    if (response.status >= 400) throw refusalOf(response, notFoundKey);
    return response;
  }

  const intentPath = (id: string) => `/v1/payment_intents/${encodeURIComponent(id)}`;

  async function paymentCall(request: Parameters<typeof http.send>[0]): Promise<CardPayment> {
    return paymentOf(readAnswer('card', PaymentIntentAnswer, await call(request, 'cardPaymentNotFound')));
  }

  return {
    createPaymentIntent(payment: CreateCardPayment) {
      const form: Record<string, string> = {
        amount: String(payment.amount),
        currency: payment.currency.toLowerCase(),
        return_url: payment.returnUrl,
      };
      if (payment.description !== '') form.description = payment.description;
      for (const [key, value] of Object.entries(payment.metadata)) form[`metadata[${key}]`] = value;
      if (payment.receiptEmail) form.receipt_email = payment.receiptEmail;
      if (payment.language) form.locale = payment.language === 'no' ? 'nb' : 'en';
      return paymentCall({
        method: 'POST',
        path: '/v1/payment_intents',
        form,
        idempotencyKey: payment.idempotencyKey,
      });
    },

    getPaymentIntent(id) {
      return paymentCall({ method: 'GET', path: intentPath(id) });
    },

    confirmPaymentIntent(id, paymentMethod, confirmOptions = {}) {
      const form: Record<string, string> = { payment_method: paymentMethod };
      if (confirmOptions.returnUrl) form.return_url = confirmOptions.returnUrl;
      // A fresh key per confirmation: the transport's retries of it can never pay twice.
      return paymentCall({
        method: 'POST',
        path: `${intentPath(id)}/confirm`,
        form,
        idempotencyKey: crypto.randomUUID(),
      });
    },

    cancelPaymentIntent(id, reason) {
      return paymentCall({
        method: 'POST',
        path: `${intentPath(id)}/cancel`,
        form: reason ? { cancellation_reason: reason } : {},
        idempotencyKey: crypto.randomUUID(),
      });
    },

    async registerWebhookEndpoint(url, events) {
      const form: Record<string, string> = { url };
      events.forEach((event, index) => {
        form[`enabled_events[${index}]`] = event;
      });
      const response = await call({
        method: 'POST',
        path: '/v1/webhook_endpoints',
        form,
        idempotencyKey: crypto.randomUUID(),
      });
      return endpointOf(readAnswer('card', WebhookEndpointAnswer, response));
    },

    async listWebhookEndpoints() {
      const response = await call({ method: 'GET', path: '/v1/webhook_endpoints' });
      return readAnswer('card', WebhookEndpointListAnswer, response).data.map(endpointOf);
    },

    async deleteWebhookEndpoint(id) {
      const response = await call({
        method: 'DELETE',
        path: `/v1/webhook_endpoints/${encodeURIComponent(id)}`,
      });
      readAnswer('card', DeletedAnswer, response);
    },

    readWebhook({ signatureHeader, rawBody }): CardWebhookReading {
      const signature = checkWebhookSignature({
        header: signatureHeader,
        rawBody,
        secret: settings.card.webhookSecret,
        replayWindowSeconds: REPLAY_WINDOW_SECONDS,
        nowSeconds: Math.floor(now().getTime() / 1000),
      });
      if (!signature.valid) return { accepted: false, reason: signature.reason };
      let body: unknown;
      try {
        body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
      } catch {
        return { accepted: false, reason: 'not-an-event' };
      }
      const event = EventAnswer.safeParse(body);
      if (!event.success) return { accepted: false, reason: 'not-an-event' };
      return {
        accepted: true,
        event: {
          id: event.data.id,
          type: event.data.type,
          createdAt: isoOf(event.data.created),
          payment: paymentOf(event.data.data.object),
        },
      };
    },
  };
}
