import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../platform/context';
import { sendCardReceipt } from './receipts';
import {
  AUTHENTICATION_FAILED,
  type CardBrand,
  type CardOutcome,
  type CardRefusal,
  refusalOfDecline,
} from './test-cards';

/**
 * The card provider's payments, in the PaymentIntents style: an intent is created for an amount,
 * a card is tried on it (by the hosted checkout or a server-side confirm), and it moves
 *
 *   requires_payment_method → (requires_action: 3-D Secure) → processing → succeeded
 *                           ↘ requires_payment_method again, with last_payment_error (declined)
 *   requires_payment_method | requires_action → canceled
 *
 * Every move is told to the registered webhook endpoints as an event.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type IntentCurrency = 'nok' | 'eur';

export type CancellationReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'abandoned';

/** The languages the hosted checkout can be asked to speak; `auto` follows the browser. */
export type CheckoutLocale = 'auto' | 'en' | 'nb';

type StoredPaymentMethod = { id: string; brand: CardBrand; last4: string };

type StoredPaymentError = CardRefusal & { paymentMethod: StoredPaymentMethod };

/** Values are plain JSON, as the store keeps them in a file. */
export type StoredIntent = {
  id: string;
  amount: number;
  currency: IntentCurrency;
  status: IntentStatus;
  clientSecret: string;
  description: string | null;
  metadata: Record<string, string>;
  receiptEmail: string | null;
  /** Where the person is sent back to after the checkout or 3-D Secure; given by the API caller. */
  returnUrl: string;
  locale: CheckoutLocale;
  createdAt: string;
  paymentMethod: StoredPaymentMethod | null;
  lastPaymentError: StoredPaymentError | null;
  /**
   * While 3-D Secure is pending: the card waiting for it, and where it was tried (a failure sends
   * the person back to the checkout page to try another card, or to return_url after a confirm).
   */
  pendingAuthentication: { startedFrom: 'checkout' | 'confirm'; paymentMethod: StoredPaymentMethod } | null;
  /** While processing: when the payment settles. */
  settlesAt: string | null;
  canceledAt: string | null;
  cancellationReason: CancellationReason | null;
};

export const CARD_EVENT_TYPES = [
  'payment_intent.created',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

export type CardEventType = (typeof CARD_EVENT_TYPES)[number];

export type WebhookEndpoint = {
  id: string;
  url: string;
  /** Event types, or `*` for all. */
  enabledEvents: string[];
  description: string | null;
  createdAt: string;
};

/** How long a card that settles later stays in `processing`. */
const SETTLEMENT_DELAY_MS = 3000;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function secretsMatch(given: string, expected: string): boolean {
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function checkoutUrlOf(intent: StoredIntent, baseUrl: string): string {
  const url = new URL(`/card/checkout/${intent.id}`, baseUrl);
  url.searchParams.set('client_secret', intent.clientSecret);
  return url.toString();
}

export function authenticationUrlOf(intent: StoredIntent, baseUrl: string): string {
  const url = new URL(`/card/authenticate/${intent.id}`, baseUrl);
  url.searchParams.set('client_secret', intent.clientSecret);
  return url.toString();
}

/** The return URL the API caller gave, with what the person's visit ended in. */
export function returnUrlOf(
  intent: StoredIntent,
  redirectStatus: 'succeeded' | 'processing' | 'failed' | 'canceled',
): string {
  const url = new URL(intent.returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
  url.searchParams.set('redirect_status', redirectStatus);
  return url.toString();
}

/** The PaymentIntent as the API shows it; links are made from the base URL the caller reached us at. */
export function paymentIntentObject(intent: StoredIntent, baseUrl: string) {
  const paymentMethodObject = (method: StoredPaymentMethod) => ({
    id: method.id,
    object: 'payment_method',
    type: 'card',
    card: { brand: method.brand, last4: method.last4 },
  });
  const error = intent.lastPaymentError;
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.clientSecret,
    description: intent.description,
    metadata: intent.metadata,
    receipt_email: intent.receiptEmail,
    created: unixSeconds(intent.createdAt),
    livemode: false,
    payment_method_types: ['card'],
    payment_method: (intent.paymentMethod ?? intent.pendingAuthentication?.paymentMethod)?.id ?? null,
    last_payment_error: error
      ? {
          type: 'card_error',
          code: error.code,
          ...(error.declineCode ? { decline_code: error.declineCode } : {}),
          message: error.message,
          payment_method: paymentMethodObject(error.paymentMethod),
        }
      : null,
    next_action:
      intent.status === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: authenticationUrlOf(intent, baseUrl), return_url: intent.returnUrl },
          }
        : null,
    checkout_url: checkoutUrlOf(intent, baseUrl),
    canceled_at: intent.canceledAt ? unixSeconds(intent.canceledAt) : null,
    cancellation_reason: intent.cancellationReason,
  };
}

export type NewIntent = Pick<
  StoredIntent,
  'amount' | 'currency' | 'description' | 'metadata' | 'receiptEmail' | 'returnUrl' | 'locale'
>;

/** A card as it is tried on an intent: its number's last four and what the issuer will do. */
export type PresentedCard = { brand: CardBrand; last4: string; outcome: CardOutcome };

/** What trying a card led to, for the caller to answer (the API) or send the person on (the pages). */
export type AttemptResult = 'succeeded' | 'processing' | 'requires_action' | 'declined';

export type PaymentIntents = ReturnType<typeof createPaymentIntents>;

export function createPaymentIntents(context: SandboxContext) {
  const { store, clock } = context;
  const intents = store.collection<StoredIntent>('cardPaymentIntents');
  const endpoints = store.collection<WebhookEndpoint>('cardWebhookEndpoints');
  const settlements = new Set<NodeJS.Timeout>();

  function announce(type: CardEventType, intent: StoredIntent, baseUrl: string) {
    const event = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      livemode: false,
      data: { object: paymentIntentObject(intent, baseUrl) },
    };
    for (const endpoint of endpoints.values()) {
      if (!endpoint.enabledEvents.includes(type) && !endpoint.enabledEvents.includes('*')) continue;
      // Sent after the answer, as a provider does: the receiver must not depend on the order.
      void context.webhooks.send({
        party: 'card',
        url: endpoint.url,
        secret: context.credentials.cardWebhookSecret,
        event: type,
        payload: event,
      });
    }
  }

  function settle(intent: StoredIntent, baseUrl: string) {
    intent.status = 'succeeded';
    intent.settlesAt = null;
    store.changed();
    announce('payment_intent.succeeded', intent, baseUrl);
    // Mailed after the answer, as the webhooks are; a receipt that cannot be made changes no payment.
    void sendCardReceipt(context, intent).catch(() => undefined);
  }

  function scheduleSettlement(intent: StoredIntent, baseUrl: string) {
    const timer = setTimeout(() => {
      settlements.delete(timer);
      const current = intents.get(intent.id);
      if (current?.status === 'processing') settle(current, baseUrl);
    }, SETTLEMENT_DELAY_MS);
    timer.unref();
    settlements.add(timer);
  }

  function decline(intent: StoredIntent, refusal: CardRefusal, method: StoredPaymentMethod, baseUrl: string) {
    intent.status = 'requires_payment_method';
    intent.paymentMethod = null;
    intent.pendingAuthentication = null;
    intent.lastPaymentError = { ...refusal, paymentMethod: method };
    store.changed();
    announce('payment_intent.payment_failed', intent, baseUrl);
  }

  return {
    create(input: NewIntent, baseUrl: string): StoredIntent {
      const id = newId('pi');
      const intent: StoredIntent = {
        ...input,
        id,
        status: 'requires_payment_method',
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        createdAt: clock.now().toISOString(),
        paymentMethod: null,
        lastPaymentError: null,
        pendingAuthentication: null,
        settlesAt: null,
        canceledAt: null,
        cancellationReason: null,
      };
      intents.set(id, intent);
      store.changed();
      announce('payment_intent.created', intent, baseUrl);
      return intent;
    },

    /**
     * The intent by id. A payment whose settlement time has passed (the sandbox clock moved, or the
     * sandbox restarted while it was processing) is settled here, so no state is left hanging.
     */
    find(id: string, baseUrl: string): StoredIntent | undefined {
      const intent = intents.get(id);
      if (
        intent?.status === 'processing' &&
        intent.settlesAt &&
        Date.parse(intent.settlesAt) <= clock.now().getTime()
      ) {
        settle(intent, baseUrl);
      }
      return intent;
    },

    /** Whether a card may be tried on the intent now. */
    acceptsCard(intent: StoredIntent): boolean {
      return intent.status === 'requires_payment_method' || intent.status === 'requires_action';
    },

    attempt(
      intent: StoredIntent,
      card: PresentedCard,
      startedFrom: 'checkout' | 'confirm',
      baseUrl: string,
    ): AttemptResult {
      const method: StoredPaymentMethod = { id: newId('pm'), brand: card.brand, last4: card.last4 };
      const { outcome } = card;
      if (outcome.kind === 'declined') {
        decline(intent, refusalOfDecline(outcome.declineCode), method, baseUrl);
        return 'declined';
      }
      intent.lastPaymentError = null;
      if (outcome.kind === 'needs-authentication') {
        intent.status = 'requires_action';
        intent.paymentMethod = null;
        intent.pendingAuthentication = { startedFrom, paymentMethod: method };
        store.changed();
        announce('payment_intent.requires_action', intent, baseUrl);
        return 'requires_action';
      }
      intent.paymentMethod = method;
      intent.pendingAuthentication = null;
      if (outcome.kind === 'settles-later') {
        intent.status = 'processing';
        intent.settlesAt = new Date(clock.now().getTime() + SETTLEMENT_DELAY_MS).toISOString();
        store.changed();
        announce('payment_intent.processing', intent, baseUrl);
        scheduleSettlement(intent, baseUrl);
        return 'processing';
      }
      settle(intent, baseUrl);
      return 'succeeded';
    },

    /** The person's answer on the 3-D Secure page; nothing happens when none is pending. */
    authenticate(intent: StoredIntent, completed: boolean, baseUrl: string): AttemptResult | 'not-pending' {
      const pending = intent.pendingAuthentication;
      if (intent.status !== 'requires_action' || !pending) return 'not-pending';
      if (!completed) {
        decline(intent, AUTHENTICATION_FAILED, pending.paymentMethod, baseUrl);
        return 'declined';
      }
      intent.paymentMethod = pending.paymentMethod;
      intent.pendingAuthentication = null;
      settle(intent, baseUrl);
      return 'succeeded';
    },

    cancel(intent: StoredIntent, reason: CancellationReason | null, baseUrl: string) {
      intent.status = 'canceled';
      intent.canceledAt = clock.now().toISOString();
      intent.cancellationReason = reason;
      intent.pendingAuthentication = null;
      store.changed();
      announce('payment_intent.canceled', intent, baseUrl);
    },

    endpoints,

    close() {
      for (const timer of settlements) clearTimeout(timer);
      settlements.clear();
    },
  };
}
