import type { Ore } from '@bilag/domain';
import type { MessageKey } from '../../platform/messages';

/**
 * The card payment provider, as the product's features use it (payment packages are sold by card):
 * create a card payment for an amount with an idempotency key, send the person to `checkoutUrl`,
 * and learn the outcome from the person's return (`returnUrl` with `redirect_status`), a webhook
 * read with `readWebhook`, or `getPaymentIntent`. A refusal the provider gives for a card is a
 * `rejected` ProviderError whose `partyCode` is the decline code and whose `reasonKey` explains it
 * in the person's language, so a feature can keep both the message and the code.
 */

export type CardCurrency = 'NOK' | 'EUR';

/**
 * Where a card payment stands. `awaiting-card` and `awaiting-authentication` still wait for the
 * person, `processing` for the card network; `paid` and `canceled` are final.
 */
export type CardPaymentStatus =
  | 'awaiting-card'
  | 'awaiting-authentication'
  | 'processing'
  | 'paid'
  | 'canceled';

/** Why the provider refused the last card tried; the person may try another. */
export type CardPaymentFailure = {
  /** The provider's code: card_declined, expired_card, payment_intent_authentication_failure… */
  code: string;
  /** The issuer's reason, when the provider gives one: generic_decline, insufficient_funds… */
  declineCode: string | undefined;
  /** The provider's own (English) text, for logs and support. */
  providerMessage: string;
  /** The product's own words for it, in the person's language. */
  reasonKey: MessageKey;
};

export type CardPayment = {
  /** The provider's id (pi_…); keep it with the product's order. */
  id: string;
  status: CardPaymentStatus;
  /** In the currency's smallest unit (øre for NOK, cent for EUR). */
  amount: Ore;
  currency: CardCurrency;
  description: string | undefined;
  metadata: Record<string, string>;
  /** ISO 8601. */
  createdAt: string;
  /** Lets the provider's pages act on this payment; never show it to anyone else or log it. */
  clientSecret: string;
  /** The provider's hosted checkout page for the person. */
  checkoutUrl: string;
  /** Where the person confirms with their card issuer (3-D Secure), while `awaiting-authentication`. */
  authenticationUrl: string | undefined;
  /** Why the last card was refused, while the payment still awaits a card. */
  lastFailure: CardPaymentFailure | undefined;
  receiptEmail: string | undefined;
  /** ISO 8601, when `canceled`. */
  canceledAt: string | undefined;
};

export type CreateCardPayment = {
  amount: Ore;
  currency: CardCurrency;
  /** Shown to the person on the checkout page (at most 500 characters). */
  description: string;
  /** The product's references (company, package…): at most 20 keys of at most 40 characters, values of at most 500. */
  metadata: Record<string, string>;
  /**
   * The product's page the person is sent back to, with `payment_intent`,
   * `payment_intent_client_secret` and `redirect_status` (succeeded, processing, failed or
   * canceled: the person left the checkout; the payment stays open until it is paid or canceled).
   */
  returnUrl: string;
  receiptEmail?: string;
  /** The checkout page's language; the person's browser decides when absent. */
  language?: 'en' | 'no';
  /**
   * The same key for a repeat of the same payment (a retry after a timeout, a double click) gives
   * the same payment back instead of a second one; derive it from the product's order.
   */
  idempotencyKey: string;
};

export type CancellationReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'abandoned';

export const CARD_EVENT_TYPES = [
  'payment_intent.created',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

/** The events the provider tells a webhook endpoint about, by the provider's names. */
export type CardEventType = (typeof CARD_EVENT_TYPES)[number];

export type CardWebhookEndpoint = {
  id: string;
  url: string;
  /** The event types sent to it; `*` is every type. */
  events: (CardEventType | '*')[];
  enabled: boolean;
};

/** A webhook from the provider, checked: it is the provider's, fresh, and about a card payment. */
export type CardEvent = {
  /** The provider's event id (evt_…): a repeat delivery of the same event has the same id. */
  id: string;
  type: CardEventType;
  /** ISO 8601. */
  createdAt: string;
  /** The payment as it was when the event happened. */
  payment: CardPayment;
};

/**
 * Why a webhook was not accepted; the receiving route answers 400 and the provider retries.
 * `missing`, `malformed`, `mismatch` (not signed with our secret, or changed on the way) and `stale`
 * (outside the 5-minute replay window) are about the signature; `not-an-event` about the body.
 */
export type CardWebhookRefusal = 'missing' | 'malformed' | 'mismatch' | 'stale' | 'not-an-event';

export type CardWebhookReading =
  | { accepted: true; event: CardEvent }
  | { accepted: false; reason: CardWebhookRefusal };

/** The header the provider signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const CARD_SIGNATURE_HEADER = 'sandbox-signature';

export interface CardClient {
  /** Creates a card payment awaiting a card; repeats with the same idempotency key give the same one. */
  createPaymentIntent(payment: CreateCardPayment): Promise<CardPayment>;
  /** Throws a `rejected` ProviderError (reason `cardPaymentNotFound`) when the provider has no such payment. */
  getPaymentIntent(id: string): Promise<CardPayment>;
  /**
   * Pays with a card the product already holds a payment method for (server-side confirmation).
   * A refused card throws a `rejected` ProviderError with the decline code and its reason; a card
   * that needs 3-D Secure answers `awaiting-authentication` with the `authenticationUrl` to send
   * the person to (they come back to `returnUrl`, or the one given at creation).
   */
  confirmPaymentIntent(
    id: string,
    paymentMethod: string,
    options?: { returnUrl?: string },
  ): Promise<CardPayment>;
  /** Only while it awaits a card or authentication; a paid payment is refused (reason `cardPaymentNotChangeable`). */
  cancelPaymentIntent(id: string, reason?: CancellationReason): Promise<CardPayment>;
  registerWebhookEndpoint(
    url: string,
    events: readonly (CardEventType | '*')[],
  ): Promise<CardWebhookEndpoint>;
  listWebhookEndpoints(): Promise<CardWebhookEndpoint[]>;
  deleteWebhookEndpoint(id: string): Promise<void>;
  /** Checks a received webhook's signature and body; never throws for what a sender put in it. */
  readWebhook(webhook: { signatureHeader: string | undefined; rawBody: string | Buffer }): CardWebhookReading;
}
