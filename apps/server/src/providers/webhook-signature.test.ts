import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook } from './webhook-signature';

const SECRET = 'whsec_test_secret_value';
const BODY = '{"type":"payment_intent.succeeded","data":{"id":"pi_1"}}';
const NOW = 1_767_225_600;

describe('webhook signatures', () => {
  it('accepts the exact body signed with the secret within the replay window', () => {
    const header = signWebhook(SECRET, BODY, NOW - 10);
    expect(checkWebhookSignature({ header, rawBody: BODY, secret: SECRET, nowSeconds: NOW })).toEqual({
      valid: true,
      timestamp: NOW - 10,
    });
  });

  it('refuses a changed body, another secret, an old timestamp and a missing or garbled header', () => {
    const header = signWebhook(SECRET, BODY, NOW);
    const check = (overrides: Partial<Parameters<typeof checkWebhookSignature>[0]>) =>
      checkWebhookSignature({ header, rawBody: BODY, secret: SECRET, nowSeconds: NOW, ...overrides });
    expect(check({ rawBody: BODY.replace('pi_1', 'pi_2') })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ secret: 'whsec_another_secret' })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ nowSeconds: NOW + 301 })).toEqual({ valid: false, reason: 'stale' });
    expect(check({ header: undefined })).toEqual({ valid: false, reason: 'missing' });
    expect(check({ header: 't=abc,v1=zz' })).toEqual({ valid: false, reason: 'malformed' });
    // A replayed signature with a fresh timestamp does not match: the time is signed too.
    const replayed = header.replace(`t=${NOW}`, `t=${NOW + 1000}`);
    expect(check({ header: replayed, nowSeconds: NOW + 1000 })).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('accepts any of several signatures while a secret is rotated', () => {
    const current = signWebhook(SECRET, BODY, NOW);
    const header = `${current},v1=${'0'.repeat(64)}`;
    expect(checkWebhookSignature({ header, rawBody: BODY, secret: SECRET, nowSeconds: NOW }).valid).toBe(
      true,
    );
  });
});
