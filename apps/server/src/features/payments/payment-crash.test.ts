import { listCompanies, listPayments, PaymentStatus, PaymentType } from '@bilag/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInitiations } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed-demo';
import { productJobs } from '../../jobs';
import { runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { KARI } from '../../providers/bank/test-support';
import { type Browser, call, signIn } from '../../test/http-client';
import type { RunningSandbox } from '../../test/sandbox';
import { type CrashScene, crashTestsCanRun, startCrashScene, until } from '../../test/server-process';
import { approvePaymentAtBank, payNow, saveBasketOf, signBasket } from './basket-journey.fixtures';

/**
 * The server is a real process here, started as `npm start` starts it, so that it can be killed with
 * SIGKILL at the worst moment: after the bank has taken the payment and before the server has written
 * down the bank's answer. Whatever runs next (a job in any process, or the person pressing pay again)
 * must find the bank's payment by the idempotency key stored before the call, never make a second.
 *
 * It makes its own PostgreSQL database whatever driver the run is for, so it runs in the embedded pass
 * only, and not at all where no PostgreSQL server answers.
 */

const BAKERY_ORGANISATION_NUMBER = '923456783';
const OPERATING_ACCOUNT = '15030123457';
/** How long the bank holds back its answer once it has taken the payment; the kill lands meanwhile. */
const BANK_DELAY_MS = 3000;

const canRun = await crashTestsCanRun();

type BankPaymentListing = { payments: { paymentId: string; lines: { endToEndId: string | null }[] }[] };

async function paymentsAtBank(sandbox: RunningSandbox, bankId: string) {
  const response = await fetch(`${sandbox.url}/sandbox/banks/${bankId}/payments`);
  expect(response.status).toBe(200);
  return ((await response.json()) as BankPaymentListing).payments;
}

describe.skipIf(!canRun)('a server killed between the bank’s answer and its own write', () => {
  let scene: CrashScene | undefined;

  beforeAll(async () => {
    scene = await startCrashScene();
  }, 60_000);

  afterAll(() => scene?.close());

  it('ends with one payment at the bank, which the initiation records and pay-now answers again', async () => {
    if (!scene) throw new Error('the set-up did not finish');
    const { database, sandbox, port } = scene;
    const baseUrl = `http://127.0.0.1:${port}`;
    /** What the server takes when PUBLIC_URL is not set, as under `npm start`. */
    const publicUrl = `http://localhost:${port}`;
    const kari: Browser = await signIn(baseUrl, 'regnskap@demo.no', DEMO_PASSWORD);
    const { rows: companies } = await call(kari, listCompanies, {});
    const bakery = companies.find((company) => company.OrganisationNumber === BAKERY_ORGANISATION_NUMBER);
    if (!bakery) throw new Error('the demo data has no bakery');
    const { rows: waiting } = await call(kari, listPayments, {
      query: { companyId: bakery.Id, statuses: [PaymentStatus.FOR_APPROVE], pageSize: 200 },
    });
    const bills = waiting.filter(
      (payment) =>
        payment.Type === PaymentType.DOMESTIC &&
        payment.Currency === 'NOK' &&
        payment.DebtorAccountNumber === OPERATING_ACCOUNT,
    );
    expect(bills.length).toBeGreaterThan(1);
    const basket = await saveBasketOf(
      kari,
      bakery.Id,
      bills.map((bill) => bill.Id),
    );
    const signed = await signBasket(kari, basket, KARI);
    expect(signed.Approvals).toHaveLength(1);

    const planned = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pathPrefix: '/psd2/dnb/v1/bulk-payments/',
        fault: `slow-answer=${BANK_DELAY_MS}`,
        times: 1,
      }),
    });
    expect(planned.status).toBe(201);

    const lostAnswer = payNow(kari, basket.currentBasketUUID).then(
      () => 'answered',
      () => 'connection lost',
    );
    // The bank holds its answer back for a while after taking the payment: the kill lands in between.
    const [bankPayment] = await until('the bank to take the payment', async () => {
      const payments = await paymentsAtBank(sandbox, 'dnb');
      return payments.length > 0 ? payments : undefined;
    });
    scene.server.child.kill('SIGKILL');
    expect(await scene.server.exited).toBe('SIGKILL');
    expect(await lostAnswer).toBe('connection lost');
    const initiationRow = async () => {
      const [row] = await database.db
        .select()
        .from(paymentInitiations)
        .where(eq(paymentInitiations.basketUuid, basket.currentBasketUUID));
      return row;
    };
    expect(bankPayment?.lines.map((line) => line.endToEndId).sort()).toEqual(
      bills.map((bill) => bill.EndToEndId).sort(),
    );
    // The kill landed where it was meant to: the bank has the payment, our row does not know it.
    expect(await initiationRow()).toMatchObject({ state: 'initiating', bankPaymentId: null });

    await scene.restart();
    // Any process may run a job: this one, beside the restarted server's own runner (which may hold a
    // job for a moment, hence the repeat). The jobs run as they would over the next minutes: past the
    // sweep's limit for a stale initiation, well before the basket expires.
    const jobs = productJobs({
      db: database.db,
      providers: createProviders(sandbox.providers),
      config: { publicUrl },
    });
    const reconciled = await until('the jobs to record the bank’s payment', async () => {
      // A few rounds are enough: the sweep finds the stale initiation, then its check sends it again.
      await runJobsUntilIdle(database.db, { ...jobs, dueBy: new Date(Date.now() + 5 * 60_000) }, 10);
      const row = await initiationRow();
      return row?.state === 'initiating' ? undefined : row;
    });
    expect(reconciled).toMatchObject({ state: 'awaiting-sca', bankPaymentId: bankPayment?.paymentId });

    const again = await payNow(kari, basket.currentBasketUUID);
    expect(again.scaRedirectUrl).toBe(reconciled.scaRedirectUrl);
    expect((await payNow(kari, basket.currentBasketUUID)).scaRedirectUrl).toBe(again.scaRedirectUrl);
    const atBank = await paymentsAtBank(sandbox, 'dnb');
    expect(atBank.map((payment) => payment.paymentId)).toEqual([bankPayment?.paymentId]);

    const outcome = await approvePaymentAtBank(kari, again, KARI);
    expect(outcome.outcome).toBe('accepted');
    expect(await paymentsAtBank(sandbox, 'dnb')).toHaveLength(1);
  }, 60_000);
});
