import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a signed webhook from a party (card provider, PEPPOL access point): the signature header
 * carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, possibly with several v1
 * values while a secret is rotated. A webhook is accepted only when one signature matches the
 * exact bytes received and its time is within the replay window.
 */
export type WebhookCheck =
  | { valid: true; timestamp: number }
  | { valid: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

export const DEFAULT_REPLAY_WINDOW_SECONDS = 300;

export function signWebhook(secret: string, rawBody: string | Buffer, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export function checkWebhookSignature(input: {
  header: string | undefined;
  rawBody: string | Buffer;
  secret: string;
  replayWindowSeconds?: number;
  nowSeconds?: number;
}): WebhookCheck {
  if (!input.header) return { valid: false, reason: 'missing' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of input.header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return { valid: false, reason: 'malformed' };
  const expected = Buffer.from(
    createHmac('sha256', input.secret).update(`${timestamp}.`).update(input.rawBody).digest('hex'),
  );
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature), expected));
  if (!matches) return { valid: false, reason: 'mismatch' };
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const window = input.replayWindowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS;
  if (Math.abs(now - timestamp) > window) return { valid: false, reason: 'stale' };
  return { valid: true, timestamp };
}
