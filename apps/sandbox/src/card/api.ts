import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import { baseUrlOf } from '../platform/pages';
import { createIdempotency } from './idempotency';
import {
  CARD_EVENT_TYPES,
  newId,
  type PaymentIntents,
  paymentIntentObject,
  type StoredIntent,
  type WebhookEndpoint,
} from './payment-intents';
import {
  type CardAnswer,
  CardApiFailure,
  invalidRequest,
  noSuch,
  type ParameterShape,
  parseParameters,
  readParameters,
} from './protocol';
import { refusalOfDecline, TEST_CARDS, testCardByPaymentMethod } from './test-cards';

/** From 1.00 to 999 999.99 in the currency (øre for NOK, cent for EUR). */
const MIN_AMOUNT = 100;
const MAX_AMOUNT = 99_999_999;
const MAX_METADATA_KEYS = 20;
const MAX_WEBHOOK_ENDPOINTS = 16;

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const WebUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isWebUrl, 'must be an absolute http or https URL');

const Amount = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a whole number of the currency’s smallest unit (øre, cent)')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_AMOUNT, `must be at least ${MIN_AMOUNT} (1.00 in the currency)`)
      .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT} (999 999.99 in the currency)`),
  );

const Metadata = z
  .record(z.string(), z.string().max(500, 'values must be at most 500 characters'))
  .superRefine((metadata, context) => {
    const keys = Object.keys(metadata);
    if (keys.length > MAX_METADATA_KEYS) {
      context.addIssue({ code: 'custom', message: `at most ${MAX_METADATA_KEYS} keys` });
    }
    for (const key of keys) {
      if (key.length > 40) {
        context.addIssue({ code: 'custom', path: [key], message: 'keys must be 1 to 40 characters' });
      }
    }
  })
  // An empty value leaves the key out, as it unsets a key in the provider's metadata.
  .transform((metadata) => Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== '')));

const CreateIntentParameters = z.object({
  amount: Amount,
  currency: z
    .string()
    .transform((currency) => currency.toLowerCase())
    .pipe(z.enum(['nok', 'eur'], 'only nok and eur are taken')),
  description: z.string().max(500, 'must be at most 500 characters').optional(),
  metadata: Metadata.optional(),
  return_url: WebUrl,
  receipt_email: z.string().max(254).pipe(z.email('must be an email address')).optional(),
  locale: z.enum(['auto', 'en', 'nb'], 'must be auto, en or nb').optional(),
});

const CREATE_SHAPES: Record<keyof z.input<typeof CreateIntentParameters>, ParameterShape> = {
  amount: 'value',
  currency: 'value',
  description: 'value',
  metadata: 'map',
  return_url: 'value',
  receipt_email: 'value',
  locale: 'value',
};

const ConfirmParameters = z.object({
  payment_method: z.string().max(100, 'must be at most 100 characters'),
  return_url: WebUrl.optional(),
});

const CancelParameters = z.object({
  cancellation_reason: z
    .enum(
      ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'],
      'must be duplicate, fraudulent, requested_by_customer or abandoned',
    )
    .optional(),
});

const WebhookEndpointParameters = z.object({
  url: WebUrl,
  enabled_events: z
    .array(z.enum([...CARD_EVENT_TYPES, '*'], `must be * or one of ${CARD_EVENT_TYPES.join(', ')}`))
    .min(1, 'name at least one event')
    .max(CARD_EVENT_TYPES.length + 1, 'name each event once'),
  description: z.string().max(500, 'must be at most 500 characters').optional(),
});

/** Form bodies as they arrive; the real checks are the endpoint's own, answered in the protocol's shape. */
const FormBody = z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional();
const IdParams = z.object({ id: z.string().max(100) });

const FORM = ['application/x-www-form-urlencoded'];

function webhookEndpointObject(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    enabled_events: endpoint.enabledEvents,
    description: endpoint.description,
    status: 'enabled',
    created: Math.floor(Date.parse(endpoint.createdAt) / 1000),
    livemode: false,
  };
}

export function registerCardApi(app: FastifyInstance, context: SandboxContext, intents: PaymentIntents) {
  const idempotent = createIdempotency(context);

  function intentOf(request: FastifyRequest): StoredIntent {
    const { id } = request.params as z.infer<typeof IdParams>;
    const intent = intents.find(id, baseUrlOf(request));
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    return intent;
  }

  function unexpectedState(intent: StoredIntent, action: string, baseUrl: string): CardApiFailure {
    return invalidRequest({
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent cannot be ${action}: its status is ${intent.status}.`,
      payment_intent: paymentIntentObject(intent, baseUrl),
    });
  }

  app.post(
    '/card/v1/payment_intents',
    {
      schema: {
        tags: ['card'],
        summary: 'Create a PaymentIntent',
        description:
          'Form-encoded: amount (integer, smallest unit, 100–99999999), currency (nok | eur), description?, ' +
          'metadata[<key>]? (≤ 20 keys of ≤ 40 characters, values ≤ 500), return_url (http/https: where the ' +
          'hosted checkout sends the person back), receipt_email?, locale? (auto | en | nb). Honours Idempotency-Key. ' +
          'The answer carries checkout_url, the hosted checkout page for the person.',
        consumes: FORM,
        body: FormBody,
      },
    },
    async (request, reply) => {
      const answer = idempotent(request, reply, (): CardAnswer => {
        const parameters = parseParameters(CreateIntentParameters, readParameters(request, CREATE_SHAPES));
        const baseUrl = baseUrlOf(request);
        const intent = intents.create(
          {
            amount: parameters.amount,
            currency: parameters.currency,
            description: parameters.description || null,
            metadata: parameters.metadata ?? {},
            receiptEmail: parameters.receipt_email ?? null,
            returnUrl: parameters.return_url,
            locale: parameters.locale ?? 'auto',
          },
          baseUrl,
        );
        return { status: 200, body: paymentIntentObject(intent, baseUrl) };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    '/card/v1/payment_intents/:id',
    { schema: { tags: ['card'], summary: 'Retrieve a PaymentIntent', params: IdParams } },
    async (request) => paymentIntentObject(intentOf(request), baseUrlOf(request)),
  );

  app.post(
    '/card/v1/payment_intents/:id/confirm',
    {
      schema: {
        tags: ['card'],
        summary: 'Confirm a PaymentIntent with a card (server-side)',
        description:
          `Form-encoded: payment_method (a test payment method: ${TEST_CARDS.map((card) => card.paymentMethod).join(', ')}), ` +
          'return_url? (replaces the one given at creation, for 3-D Secure). A decline answers 402 card_error and ' +
          'leaves the intent in requires_payment_method with last_payment_error; 3-D Secure answers requires_action ' +
          'with next_action.redirect_to_url. Fault: X-Sandbox-Fault: card-declined declines any card.',
        consumes: FORM,
        params: IdParams,
        body: FormBody,
      },
    },
    async (request, reply) => {
      const answer = idempotent(request, reply, (): CardAnswer => {
        const baseUrl = baseUrlOf(request);
        const intent = intentOf(request);
        const parameters = parseParameters(
          ConfirmParameters,
          readParameters(request, { payment_method: 'value', return_url: 'value' }),
        );
        if (!intents.acceptsCard(intent)) throw unexpectedState(intent, 'confirmed', baseUrl);
        const card = testCardByPaymentMethod(parameters.payment_method);
        if (!card) {
          throw invalidRequest({
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${parameters.payment_method}'. The sandbox takes its test payment methods.`,
          });
        }
        if (parameters.return_url) intent.returnUrl = parameters.return_url;
        const outcome =
          requestedFault(request)?.name === 'card-declined'
            ? ({ kind: 'declined', declineCode: 'generic_decline' } as const)
            : card.outcome;
        const result = intents.attempt(
          intent,
          { brand: card.brand, last4: card.number.slice(-4), outcome },
          'confirm',
          baseUrl,
        );
        if (result === 'declined' && outcome.kind === 'declined') {
          const refusal = refusalOfDecline(outcome.declineCode);
          throw new CardApiFailure(402, {
            type: 'card_error',
            code: refusal.code,
            decline_code: refusal.declineCode,
            message: refusal.message,
            param: 'payment_method',
            payment_intent: paymentIntentObject(intent, baseUrl),
          });
        }
        return { status: 200, body: paymentIntentObject(intent, baseUrl) };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/card/v1/payment_intents/:id/cancel',
    {
      schema: {
        tags: ['card'],
        summary: 'Cancel a PaymentIntent',
        description:
          'Form-encoded: cancellation_reason? (duplicate | fraudulent | requested_by_customer | abandoned). ' +
          'Only while it awaits a card or 3-D Secure; otherwise 400 payment_intent_unexpected_state.',
        consumes: FORM,
        params: IdParams,
        body: FormBody,
      },
    },
    async (request, reply) => {
      const answer = idempotent(request, reply, (): CardAnswer => {
        const baseUrl = baseUrlOf(request);
        const intent = intentOf(request);
        const parameters = parseParameters(
          CancelParameters,
          readParameters(request, { cancellation_reason: 'value' }),
        );
        if (!intents.acceptsCard(intent)) throw unexpectedState(intent, 'canceled', baseUrl);
        intents.cancel(intent, parameters.cancellation_reason ?? null, baseUrl);
        return { status: 200, body: paymentIntentObject(intent, baseUrl) };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/card/v1/webhook_endpoints',
    {
      schema: {
        tags: ['card'],
        summary: 'Register a webhook endpoint',
        description:
          `Form-encoded: url (http/https), enabled_events[] (* or ${CARD_EVENT_TYPES.join(', ')}), description?. ` +
          'Events are posted as JSON, signed in the Sandbox-Signature header with the account’s webhook secret.',
        consumes: FORM,
        body: FormBody,
      },
    },
    async (request, reply) => {
      const answer = idempotent(request, reply, (): CardAnswer => {
        const parameters = parseParameters(
          WebhookEndpointParameters,
          readParameters(request, { url: 'value', enabled_events: 'list', description: 'value' }),
        );
        if (intents.endpoints.size >= MAX_WEBHOOK_ENDPOINTS) {
          throw invalidRequest({
            message: `The account has the most webhook endpoints it can have (${MAX_WEBHOOK_ENDPOINTS}); delete one first.`,
          });
        }
        const endpoint: WebhookEndpoint = {
          id: newId('we'),
          url: parameters.url,
          enabledEvents: [...new Set(parameters.enabled_events)],
          description: parameters.description || null,
          createdAt: context.clock.now().toISOString(),
        };
        intents.endpoints.set(endpoint.id, endpoint);
        context.store.changed();
        return { status: 200, body: webhookEndpointObject(endpoint) };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    '/card/v1/webhook_endpoints',
    { schema: { tags: ['card'], summary: 'List the webhook endpoints' } },
    async () => ({
      object: 'list',
      url: '/card/v1/webhook_endpoints',
      has_more: false,
      data: [...intents.endpoints.values()].reverse().map(webhookEndpointObject),
    }),
  );

  app.get(
    '/card/v1/webhook_endpoints/:id',
    { schema: { tags: ['card'], summary: 'Retrieve a webhook endpoint', params: IdParams } },
    async (request) => {
      const { id } = request.params as z.infer<typeof IdParams>;
      const endpoint = intents.endpoints.get(id);
      if (!endpoint) throw noSuch('webhook_endpoint', id);
      return webhookEndpointObject(endpoint);
    },
  );

  app.delete(
    '/card/v1/webhook_endpoints/:id',
    { schema: { tags: ['card'], summary: 'Delete a webhook endpoint', params: IdParams } },
    async (request) => {
      const { id } = request.params as z.infer<typeof IdParams>;
      if (!intents.endpoints.delete(id)) throw noSuch('webhook_endpoint', id);
      context.store.changed();
      return { id, object: 'webhook_endpoint', deleted: true };
    },
  );
}
