import { ore } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../config';
import { forgetFaults, givenSandbox, noWait, planFault, type RunningSandbox } from '../../test/sandbox';
import { createBankClients } from './http-client';
import {
  approvedConsent,
  authoriseAtBank,
  BAKERY_OPERATING,
  byNumber,
  failureOf,
  KARI,
  messagesFor,
  RETURN_URLS,
} from './test-support';

describe('the bank client on a bad day: rate limits, server errors, slow answers', () => {
  let sandbox: RunningSandbox;
  let consentId: string;
  let operatingId: string;

  const dnbWith = (
    options: { sleep?: (ms: number) => Promise<void>; settings?: Partial<ProviderSettings> } = {},
  ) => {
    const client = createBankClients(
      { ...sandbox.providers, ...options.settings },
      { sleep: options.sleep ?? noWait },
    ).forGroup('dnb');
    if (!client) throw new Error('no client for DNB');
    return client;
  };

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const dnb = dnbWith();
    consentId = await approvedConsent(dnb);
    operatingId = (await dnb.listAccounts({ consentId }))[0]?.accountId ?? '';
  });
  afterAll(() => sandbox.close());
  afterEach(() => forgetFaults(sandbox));

  it('waits as long as the bank’s Retry-After asks, then reads', async () => {
    const waits: number[] = [];
    const dnb = dnbWith({ sleep: async (ms) => void waits.push(ms) });
    await planFault(sandbox, '/psd2/dnb/v1/accounts', 'rate-limit;retry-after=2');

    expect(await dnb.getBalances({ consentId }, operatingId)).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('reports a bank that keeps asking it to wait as not answering, with how long it asked for', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/accounts', 'rate-limit;retry-after=3', 3);
    const failure = await failureOf(dnbWith().listAccounts({ consentId }));
    expect(failure).toMatchObject({
      party: 'bank',
      failure: 'unavailable',
      status: 429,
      retryAfterSeconds: 3,
    });
  });

  it('tries again after server errors and reads once the bank answers', async () => {
    const waits: number[] = [];
    await planFault(sandbox, '/psd2/dnb/v1/accounts', 'server-error', 2);
    const { booked } = await dnbWith({ sleep: async (ms) => void waits.push(ms) }).listTransactions(
      { consentId },
      operatingId,
      { dateFrom: BAKERY_OPERATING.openedOn },
    );
    expect(booked.length).toBeGreaterThan(100);
    expect(waits).toHaveLength(2);
  });

  it('gives up on a bank that keeps failing, and says so in both languages', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/consents', 'server-error', 3);
    const failure = await failureOf(dnbWith().getConsentStatus(consentId));
    expect(failure).toMatchObject({ party: 'bank', failure: 'unavailable', status: 500 });
    expect(messagesFor(failure)).toEqual({
      en: 'The bank does not answer right now. Nothing was changed; try again in a few minutes.',
      no: 'Banken svarer ikke akkurat nå. Ingenting ble endret; prøv igjen om noen minutter.',
    });
  });

  it('reports a bank that is down for maintenance as not answering', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/consents', 'unavailable', 3);
    const failure = await failureOf(dnbWith().getConsentStatus(consentId));
    expect(failure).toMatchObject({ failure: 'unavailable', status: 503 });
  });

  it('sends a payment again after a server error with the same idempotency key, and makes one payment', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/payments', 'server-error', 1);
    const dnb = dnbWith();
    const initiated = await dnb.initiatePayment({
      kind: 'domestic',
      debtorAccount: byNumber(BAKERY_OPERATING),
      amount: { amount: ore(4200), currency: 'NOK' },
      creditor: { name: 'Fjelltopp Bygg AS', account: { accountNumber: '32010456788' } },
      remittance: { message: 'Faktura 42' },
      onBehalfOf: { nationalIdentityNumber: KARI },
      idempotencyKey: crypto.randomUUID(),
      ...RETURN_URLS,
    });
    expect(initiated.status).toBe('RCVD');
    expect(await authoriseAtBank(initiated.scaRedirectUrl, KARI)).toBe(RETURN_URLS.returnUrl);
    expect((await dnb.getPaymentStatus(initiated)).status).toBe('ACSC');
  });

  it('stops waiting for a bank slower than the timeout and reports it as not answering', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/accounts', 'slow=1500', 3);
    const started = Date.now();
    const failure = await failureOf(dnbWith({ settings: { timeoutMs: 200 } }).listAccounts({ consentId }));
    expect(failure).toMatchObject({ party: 'bank', failure: 'unavailable', status: undefined });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports an answer outside NextGenPSD2 as a broken connection, never as a crash', async () => {
    // A bank URL that leads to something else answers JSON that is not a consent status.
    const elsewhere = dnbWith({
      settings: { bankUrls: { ...sandbox.providers.bankUrls, dnb: `${sandbox.url}/health?` } },
    });
    const failure = await failureOf(elsewhere.getConsentStatus(consentId));
    expect(failure).toMatchObject({ party: 'bank', failure: 'protocol', status: 200 });
    expect(messagesFor(failure).en).toMatch(/^The bank could not be used: its answer was not as agreed/);
    expect(messagesFor(failure).no).toMatch(/^Banken kunne ikke brukes: svaret var ikke som avtalt/);
  });

  it('reports a bank that is not there as not answering', async () => {
    const nowhere = dnbWith({
      settings: { bankUrls: { ...sandbox.providers.bankUrls, dnb: 'http://127.0.0.1:9' } },
    });
    const failure = await failureOf(nowhere.getConsentStatus(consentId));
    expect(failure).toMatchObject({ party: 'bank', failure: 'unavailable', status: undefined });
  });
});
