import { createHmac } from 'node:crypto';
import type { SandboxStore } from './store';

/**
 * Signed webhooks, as card providers and access points send them: the header carries the time
 * and an HMAC-SHA256 over `${timestamp}.${body}` with the receiver's secret, so the receiver can
 * check both who sent it and that it is fresh.
 *
 *   Sandbox-Signature: t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
 */
export const SIGNATURE_HEADER = 'sandbox-signature';

export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export type WebhookDelivery = {
  id: string;
  party: string;
  url: string;
  event: string;
  /** The start of what was sent; the log is for reading, and documents may be megabytes. */
  bodyPreview: string;
  bodyBytes: number;
  attempts: number;
  /** The receiver's last answer; 0 when it could not be reached. */
  lastStatus: number;
  delivered: boolean;
  createdAt: string;
};

export type WebhookInput = {
  party: string;
  url: string;
  secret: string;
  event: string;
  headers?: Record<string, string>;
  /** Sent as JSON, unless `document` is given. */
  payload?: unknown;
  /** A document sent as it is (an SBDH envelope, say), with its content type. */
  document?: { body: string; contentType: string };
};

export type WebhookSender = {
  /** Signs and posts the event; retries a few times with backoff while the receiver fails. */
  send(input: WebhookInput): Promise<WebhookDelivery>;
  deliveries(): WebhookDelivery[];
};

const RETRY_DELAYS_MS = [0, 250, 1000, 4000];
const DELIVERY_TIMEOUT_MS = 10_000;
const DELIVERIES_KEPT = 500;
const BODY_PREVIEW_CHARACTERS = 2000;

export function createWebhookSender(store: SandboxStore, now: () => Date): WebhookSender {
  const log = store.collection<WebhookDelivery>('webhookDeliveries');
  return {
    async send(input) {
      const { party, url, secret, event } = input;
      const body = input.document?.body ?? JSON.stringify(input.payload);
      const contentType = input.document?.contentType ?? 'application/json';
      const delivery: WebhookDelivery = {
        id: crypto.randomUUID(),
        party,
        url,
        event,
        bodyPreview: body.slice(0, BODY_PREVIEW_CHARACTERS),
        bodyBytes: Buffer.byteLength(body),
        attempts: 0,
        lastStatus: 0,
        delivered: false,
        createdAt: now().toISOString(),
      };
      if (log.size >= DELIVERIES_KEPT) log.delete(log.keys().next().value as string);
      log.set(delivery.id, delivery);
      for (const delay of RETRY_DELAYS_MS) {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        delivery.attempts += 1;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              ...input.headers,
              'content-type': contentType,
              [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
              'x-request-id': delivery.id,
            },
            body,
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          });
          delivery.lastStatus = response.status;
          await response.body?.cancel();
          if (response.ok) {
            delivery.delivered = true;
            break;
          }
          if (response.status < 500 && response.status !== 429) break;
        } catch {
          delivery.lastStatus = 0;
        }
      }
      store.changed();
      return delivery;
    },
    deliveries: () => [...log.values()].reverse(),
  };
}
