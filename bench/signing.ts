import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PaymentSource, PaymentStatus, PaymentType } from '@bilag/contracts';
import { accountNumberCheckDigit, addDays, nextBankingDay, todayIsoDate } from '@bilag/domain';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type ProviderSettings } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import {
  banks,
  companyBanks,
  type NewPaymentRow,
  payments,
  paymentUserBanks,
  paymentUsers,
} from '../apps/server/src/db/schema';
import { newEndToEndId } from '../apps/server/src/features/payments';
import {
  approveAtBank,
  approvePaymentAtBank,
  approveWithBankId,
  payNow,
  saveBasketOf,
  signBasket,
} from '../apps/server/src/features/payments/basket-journey.fixtures';
import { type Browser, signIn } from '../apps/server/src/test/http-client';
import { givenSandbox, type RunningSandbox } from '../apps/server/src/test/sandbox';
import { BENCH_LOGIN, seedBenchCompanies, withBenchPostgres } from './bench-database';
import type { BenchResult } from './result';

/**
 * A basket of payments from being saved to the bank's acceptance, through the product over HTTP on
 * PostgreSQL with the sandbox playing the signing provider, the bank authorisation service and the
 * bank: saved, signed with BankID (start, the provider's page, status, authorisation), sent to the bank
 * (pay-now, the bank's SCA page, the callback). The floor is the same calls to the sandbox made
 * directly with fetch: what the outside parties cost whatever the product does around them.
 *
 * `BENCH_SCALE=0.1 npm run bench -- signing` runs a tenth of the issue's 10,000 payments.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const BASKET_SIZE = 100;
const CONCURRENT_PAY_NOW = 100;
const ORGANISATION_NUMBER = '923456783';
const OPERATING_ACCOUNT = '15030123457';
/** Kari Nordmann of the sandbox's test world: approves, and may pay from every account of the bakery. */
const KARI = '12857910093';
const DOMESTIC_PRODUCT = 'norwegian-domestic-credit-transfers';

/** Milliseconds spent saving the basket (the product only), signing it, and paying it at the bank. */
type PhaseTimes = { save: number; sign: number; pay: number };

function phaseClock() {
  const times: PhaseTimes = { save: 0, sign: 0, pay: 0 };
  let last = performance.now();
  return {
    times,
    lap(phase: keyof PhaseTimes) {
      const now = performance.now();
      times[phase] += now - last;
      last = now;
    },
  };
}

type Seeded = { companyId: number; companyBankId: number; paymentIds: number[]; rows: NewPaymentRow[] };

/** Creditor accounts with a valid check digit, as the bank checks them. */
function creditorAccounts(count: number): string[] {
  const accounts: string[] = [];
  for (let serial = 0; accounts.length < count; serial += 1) {
    const firstTen = `1206${String(serial).padStart(6, '0')}`;
    const check = accountNumberCheckDigit(firstTen);
    if (check !== undefined) accounts.push(`${firstTen}${check}`);
  }
  return accounts;
}

/** The bench user as a payment user of one company, verified for its DNB account, with payments waiting. */
async function seed(database: DatabaseHandle, count: number): Promise<Seeded> {
  const db = database.db;
  await seedBenchCompanies(database, 1);
  const companyId = 1;
  const userId = 1;
  const [dnb] = await db.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  const [account] = await db
    .insert(companyBanks)
    .values({ companyId, accountNumber: OPERATING_ACCOUNT, name: 'Driftskonto', bankId: dnb?.id ?? null })
    .returning();
  if (!account) throw new Error('the company account was not added');
  await db.insert(paymentUsers).values({ companyId, userId, isAllowPayments: true, createdBy: userId });
  await db
    .insert(paymentUserBanks)
    .values({ companyId, userId, companyBankId: account.id, verifiedBy: 'manual', createdBy: userId });

  const creditors = creditorAccounts(997);
  const dueDate = nextBankingDay(addDays(todayIsoDate('Europe/Oslo'), 30));
  const rows = Array.from({ length: count }, (_, index): NewPaymentRow => {
    const uuid = randomUUID();
    return {
      companyId,
      uuid,
      type: PaymentType.DOMESTIC,
      source: PaymentSource.MANUAL,
      status: PaymentStatus.FOR_APPROVE,
      debtorCompanyBankId: account.id,
      debtorAccountNumber: account.accountNumber,
      creditorName: `Leverandør ${index % 997}`,
      creditorAccount: creditors[index % creditors.length] ?? '',
      creditorCountry: 'NO',
      amountOre: 10_000 + ((index * 7919) % 5_000_000),
      currency: 'NOK',
      dueDate,
      message: `Faktura ${index + 1}`,
      endToEndId: newEndToEndId(uuid),
      createdBy: userId,
    };
  });
  const paymentIds: number[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await db
      .insert(payments)
      .values(rows.slice(start, start + 1000))
      .returning({ id: payments.id });
    paymentIds.push(...inserted.map((row) => row.id));
  }
  return { companyId, companyBankId: account.id, paymentIds, rows };
}

/** The sandbox calls of one basket, made directly: what the product's flow cannot go below. */
async function sandboxCallsAlone(
  providers: ProviderSettings,
  publicUrl: string,
  lines: readonly NewPaymentRow[],
): Promise<PhaseTimes> {
  const clock = phaseClock();
  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok)
      throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const signing = {
    authorization: `Basic ${Buffer.from(`${providers.signing.clientId}:${providers.signing.clientSecret}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const started = await json<{ AuthenticationUrl: string; RequestID: string; TrackingID: string }>(
    await fetch(`${providers.signing.url}/api/auth/init`, {
      method: 'POST',
      headers: signing,
      body: JSON.stringify({
        ReturnUrl: `${publicUrl}/sign-next?action=signant-auth&bankGroup=dnb`,
        CancelUrl: `${publicUrl}/sign-cancel?action=payment-auth`,
        ExternalReference: 'Company 1',
      }),
    }),
  );
  await approveWithBankId(started.AuthenticationUrl, KARI);
  const status = await json<{ UserSSN?: string }>(
    await fetch(
      `${providers.signing.url}/api/auth/status?requestID=${started.RequestID}&trackingID=${started.TrackingID}`,
      { headers: signing },
    ),
  );
  await json(
    await fetch(`${providers.bankAuthorisation.url}/crs/authorize`, {
      method: 'POST',
      headers: { 'x-api-key': providers.bankAuthorisation.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        organisationNumber: ORGANISATION_NUMBER,
        ssn: status.UserSSN,
        accountNumbers: [OPERATING_ACCOUNT],
      }),
    }),
  );
  clock.lap('sign');
  const returnUrl = `${publicUrl}/ztl-payment/sca-callback?flowId=${randomUUID()}`;
  const initiated = await json<{ paymentId: string; _links: { scaRedirect: { href: string } } }>(
    await fetch(`${providers.bankUrls.dnb}/v1/bulk-payments/${DOMESTIC_PRODUCT}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': randomUUID(),
        'idempotency-key': randomUUID(),
        'psu-id': KARI,
        'psu-corporate-id': ORGANISATION_NUMBER,
        'tpp-redirect-uri': returnUrl,
        'tpp-nok-redirect-uri': returnUrl,
      },
      body: JSON.stringify({
        batchBookingPreferred: false,
        debtorAccount: { bban: OPERATING_ACCOUNT },
        requestedExecutionDate: lines[0]?.dueDate,
        payments: lines.map((line) => ({
          endToEndIdentification: line.endToEndId,
          instructedAmount: { currency: 'NOK', amount: (line.amountOre / 100).toFixed(2) },
          creditorAccount: { bban: line.creditorAccount },
          creditorName: line.creditorName,
          remittanceInformationUnstructured: line.message,
        })),
      }),
    }),
  );
  await approveAtBank(initiated._links.scaRedirect.href, KARI);
  await json(
    await fetch(
      `${providers.bankUrls.dnb}/v1/bulk-payments/${DOMESTIC_PRODUCT}/${initiated.paymentId}/status`,
      {
        headers: { 'x-request-id': randomUUID() },
      },
    ),
  );
  clock.lap('pay');
  return clock.times;
}

/** One basket through the product, as the person's browser takes it. */
async function basketThroughProduct(
  browser: Browser,
  companyId: number,
  paymentIds: number[],
): Promise<PhaseTimes> {
  const clock = phaseClock();
  const basket = await saveBasketOf(browser, companyId, paymentIds);
  clock.lap('save');
  await signBasket(browser, basket, KARI);
  clock.lap('sign');
  const initiation = await payNow(browser, basket.currentBasketUUID);
  const result = await approvePaymentAtBank(browser, initiation, KARI);
  if (result.outcome !== 'accepted')
    throw new Error(`basket ${basket.currentBasketUUID} ended ${result.outcome}`);
  clock.lap('pay');
  return clock.times;
}

async function paymentsAtBank(sandbox: RunningSandbox): Promise<number> {
  const response = await fetch(`${sandbox.url}/sandbox/banks/dnb/payments`);
  if (!response.ok) throw new Error(`the sandbox lists no bank payments: ${response.status}`);
  return ((await response.json()) as { payments: unknown[] }).payments.length;
}

/** Many tabs press pay-now on one signed basket at once, each with its own Idempotency-Key. */
async function concurrentPayNow(browser: Browser, sandbox: RunningSandbox, companyId: number, ids: number[]) {
  const basket = await saveBasketOf(browser, companyId, ids);
  await signBasket(browser, basket, KARI);
  const before = await paymentsAtBank(sandbox);
  const answers = await Promise.allSettled(
    Array.from({ length: CONCURRENT_PAY_NOW }, () => payNow(browser, basket.currentBasketUUID)),
  );
  const initiations = (await paymentsAtBank(sandbox)) - before;
  const pages = new Set(
    answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.scaRedirectUrl] : [])),
  );
  const answered = answers.filter((answer) => answer.status === 'fulfilled').length;
  return { initiations, answered, pages: pages.size };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

export async function benchSigning(): Promise<BenchResult[]> {
  const baskets = Math.max(1, Math.round((10_000 * SCALE) / BASKET_SIZE));
  const sandbox = await givenSandbox();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-signing-'));
  try {
    return await withBenchPostgres(async (database) => {
      await database.migrate();
      // One basket more to warm both sides up, and one for the concurrent pay-now.
      const seeded = await seed(database, (baskets + 2) * BASKET_SIZE);
      const basketIds = (index: number) =>
        seeded.paymentIds.slice(index * BASKET_SIZE, (index + 1) * BASKET_SIZE);
      const basketRows = (index: number) => seeded.rows.slice(index * BASKET_SIZE, (index + 1) * BASKET_SIZE);
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', SANDBOX_URL: sandbox.url }), dataDir };
      const app = await buildApp({ config, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const browser = await signIn(baseUrl, BENCH_LOGIN.email, BENCH_LOGIN.password);

        await basketThroughProduct(browser, seeded.companyId, basketIds(0));
        await sandboxCallsAlone(config.providers, config.publicUrl, basketRows(0));
        const ours: PhaseTimes[] = [];
        const alone: PhaseTimes[] = [];
        // In turns, so a disturbance of the machine falls on either side alike.
        for (let index = 1; index <= baskets; index += 1) {
          alone.push(await sandboxCallsAlone(config.providers, config.publicUrl, basketRows(index)));
          ours.push(await basketThroughProduct(browser, seeded.companyId, basketIds(index)));
        }
        const check = await concurrentPayNow(browser, sandbox, seeded.companyId, basketIds(baskets + 1));

        const meanOf = (times: PhaseTimes[], phases: (keyof PhaseTimes)[]) =>
          mean(times.map((time) => phases.reduce((sum, phase) => sum + time[phase], 0)));
        const row = (name: string, phases: (keyof PhaseTimes)[], goal?: string): BenchResult => {
          const oursMs = meanOf(ours, phases);
          const aloneMs = meanOf(alone, phases);
          return {
            name,
            ours: Math.round(oursMs * 10) / 10,
            baseline: Math.round(aloneMs * 10) / 10,
            unit: 'ms (lower is better)',
            ratio: oursMs / aloneMs,
            ...(goal ? { goal } : {}),
          };
        };
        const label = `${baskets} baskets of ${BASKET_SIZE} (${(baskets * BASKET_SIZE).toLocaleString('en')} payments), PostgreSQL`;
        return [
          row(
            `basket saved, signed with BankID and paid at the sandbox bank, ${label}: time per basket`,
            ['save', 'sign', 'pay'],
            '≤ 1.5× the sandbox calls alone',
          ),
          row(`of which signing (start, BankID page, status, authorisation), ${label}`, ['sign']),
          row(`of which paying (pay-now, the bank's SCA page, callback), ${label}`, ['pay']),
          {
            name: `${CONCURRENT_PAY_NOW} concurrent pay-now on one basket (${check.answered} answered, ${check.pages} SCA page${check.pages === 1 ? '' : 's'}): initiations at the bank`,
            ours: check.initiations,
            baseline: 1,
            unit: 'initiations',
            ratio: check.initiations,
            goal: 'exactly 1',
          },
        ];
      } finally {
        await app.close();
      }
    });
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
