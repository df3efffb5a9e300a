import type { Clock } from './clock';
import type { SandboxStore } from './store';
import type { WebhookSender } from './webhooks';

/**
 * The credentials the sandbox's parties expect. The product's defaults are the same values, so
 * `npm start` works alone; a wrong one gets the party's real refusal (401), as a real party would.
 */
export type SandboxCredentials = {
  /** eID signing provider: HTTP Basic client id and secret. */
  signingClientId: string;
  signingClientSecret: string;
  /** Bank authorisation service: API key in the X-Api-Key header. */
  bankAuthorisationApiKey: string;
  /** Payment service onboarding: API key in the X-Api-Key header. */
  onboardingApiKey: string;
  /** Card provider: secret key as a Bearer token. */
  cardSecretKey: string;
  /** Card provider: the secret its webhooks are signed with (the receiver's, set up beforehand). */
  cardWebhookSecret: string;
  /** PEPPOL access point: API key in the X-Api-Key header. */
  peppolApiKey: string;
  /** PEPPOL access point: the secret its deliveries to a receiver are signed with. */
  peppolWebhookSecret: string;
};

export const DEFAULT_CREDENTIALS: SandboxCredentials = {
  signingClientId: 'bilag',
  signingClientSecret: 'sandbox-signing-secret',
  bankAuthorisationApiKey: 'sandbox-bank-authorisation-key',
  onboardingApiKey: 'sandbox-onboarding-key',
  cardSecretKey: 'sk_test_sandbox',
  cardWebhookSecret: 'whsec_sandbox_card_webhooks',
  peppolApiKey: 'sandbox-peppol-key',
  peppolWebhookSecret: 'sandbox-peppol-webhook-secret',
};

/** What every party is given when it is registered. */
export type SandboxContext = {
  clock: Clock;
  store: SandboxStore;
  webhooks: WebhookSender;
  credentials: SandboxCredentials;
  /** Seconds a test person who "times out" keeps an SCA or BankID page waiting before it fails. */
  scaTimeoutSeconds: number;
};
