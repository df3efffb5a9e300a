import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import { BAKERY_OPERATING, givenSandbox, initiation } from '../bank/test-support';

const payment = {
  debtorAccount: { bban: BAKERY_OPERATING },
  instructedAmount: { currency: 'NOK', amount: '1250.50' },
  creditorAccount: { bban: '97101234561' },
  creditorName: 'Vestlandsmel AS',
  remittanceInformationUnstructured: 'Faktura 5531',
};

describe('a slow answer from a party that has already acted', () => {
  let app: Sandbox;
  let url: string;
  beforeAll(async () => {
    app = await givenSandbox();
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const paymentsAtBank = async () =>
    (await app.inject({ method: 'GET', url: '/sandbox/banks/dnb/payments' })).json().payments as unknown[];
  const initiate = (fault: string, signal: AbortSignal) =>
    fetch(`${url}/psd2/dnb/v1/payments/norwegian-domestic-credit-transfers`, {
      method: 'POST',
      headers: { ...initiation({ 'x-sandbox-fault': fault }), 'content-type': 'application/json' },
      body: JSON.stringify(payment),
      signal,
    });

  it('has made the payment for a caller that gave up before the answer came', async () => {
    const before = (await paymentsAtBank()).length;
    const gaveUp = await initiate('slow-answer=1500', AbortSignal.timeout(300)).catch(
      (error: Error) => error,
    );
    expect(gaveUp).toBeInstanceOf(Error);
    // On a busy machine the caller may give up before the bank has even read the request.
    await expect.poll(async () => (await paymentsAtBank()).length, { timeout: 5_000 }).toBe(before + 1);
  });

  it('answers after the delay', async () => {
    const started = performance.now();
    const answer = await initiate('slow-answer=400', AbortSignal.timeout(5000));
    expect(answer.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('does nothing for a caller that gave up while a plain slow fault held the request', async () => {
    const before = (await paymentsAtBank()).length;
    const gaveUp = await initiate('slow=600', AbortSignal.timeout(200)).catch((error: Error) => error);
    expect(gaveUp).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await paymentsAtBank()).toHaveLength(before);
  });
});
