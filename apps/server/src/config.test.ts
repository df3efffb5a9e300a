import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration of the outside parties', () => {
  it('points every party at the sandbox by default, with the credentials the sandbox expects', () => {
    const { providers, publicUrl } = loadConfig({ SANDBOX_PORT: '4001', SMTP_PORT: '4025', PORT: '4000' });
    expect(publicUrl).toBe('http://localhost:4000');
    expect(providers.bankUrls).toEqual({
      dnb: 'http://127.0.0.1:4001/psd2/dnb',
      sparebank1: 'http://127.0.0.1:4001/psd2/sparebank1',
      handelsbanken: 'http://127.0.0.1:4001/psd2/handelsbanken',
    });
    expect(providers.signing.url).toBe('http://127.0.0.1:4001/signing');
    expect(providers.bankAuthorisation.url).toBe('http://127.0.0.1:4001/bank-authorisation');
    expect(providers.card.url).toBe('http://127.0.0.1:4001/card');
    expect(providers.peppol.url).toBe('http://127.0.0.1:4001/peppol');
    expect(providers.mail.smtpUrl).toBe('smtp://127.0.0.1:4025');
  });

  it('reaches a real party by changing its URL and credentials only', () => {
    const { providers, publicUrl } = loadConfig({
      PUBLIC_URL: 'https://bilag.example.no/',
      BANK_DNB_URL: 'https://psd2.dnb.example/v1-base',
      CARD_URL: 'https://api.cards.example',
      CARD_SECRET_KEY: 'sk_live_example',
      CARD_WEBHOOK_SECRET: 'whsec_live_example_secret',
      SMTP_URL: 'smtps://user:pass@mail.example.no:465',
    });
    expect(publicUrl).toBe('https://bilag.example.no');
    expect(providers.bankUrls.dnb).toBe('https://psd2.dnb.example/v1-base');
    expect(providers.card).toEqual({
      url: 'https://api.cards.example',
      secretKey: 'sk_live_example',
      webhookSecret: 'whsec_live_example_secret',
    });
    expect(providers.mail.smtpUrl).toBe('smtps://user:pass@mail.example.no:465');
  });

  it('refuses a party URL that is not a URL and a webhook secret too short to be one', () => {
    expect(() => loadConfig({ SIGNING_URL: 'not a url' })).toThrow(/SIGNING_URL/);
    expect(() => loadConfig({ PEPPOL_WEBHOOK_SECRET: 'short' })).toThrow(/PEPPOL_WEBHOOK_SECRET/);
  });
});
