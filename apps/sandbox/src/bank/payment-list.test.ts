import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import { BAKERY_OPERATING, givenSandbox, initiation } from './test-support';

describe("a sandbox bank's list of its payments", () => {
  let app: Sandbox;

  beforeAll(async () => {
    app = await givenSandbox();
  });
  afterAll(() => app.close());

  const initiate = (bankId: string, endToEndIdentification: string, idempotencyKey: string) =>
    app.inject({
      method: 'POST',
      url: `/psd2/${bankId}/v1/payments/norwegian-domestic-credit-transfers`,
      headers: initiation({ 'idempotency-key': idempotencyKey }),
      payload: {
        endToEndIdentification,
        debtorAccount: { bban: BAKERY_OPERATING },
        instructedAmount: { currency: 'NOK', amount: '100.00' },
        creditorAccount: { bban: '97101234561' },
        creditorName: 'Vestlandsmel AS',
      },
    });

  it('lists each payment the bank made once, however often its initiation was repeated', async () => {
    const key = crypto.randomUUID();
    const first = await initiate('dnb', 'E2E-LIST-1', key);
    const repeat = await initiate('dnb', 'E2E-LIST-1', key);
    expect(first.statusCode).toBe(201);
    expect(repeat.json().paymentId).toBe(first.json().paymentId);

    const listed = await app.inject({ method: 'GET', url: '/sandbox/banks/dnb/payments' });
    expect(listed.statusCode).toBe(200);
    const mine = listed
      .json()
      .payments.filter((payment: { lines: { endToEndId: string }[] }) =>
        payment.lines.some((line) => line.endToEndId === 'E2E-LIST-1'),
      );
    expect(mine).toEqual([
      expect.objectContaining({
        paymentId: first.json().paymentId,
        status: 'RCVD',
        debtorAccount: BAKERY_OPERATING,
      }),
    ]);
    const elsewhere = await app.inject({ method: 'GET', url: '/sandbox/banks/handelsbanken/payments' });
    expect(elsewhere.json().payments).toEqual([]);
  });
});
