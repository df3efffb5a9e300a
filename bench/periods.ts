import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { monthTotalsFromTransactions } from '../apps/server/src/features/periods/period.repository';
import { BENCH_LOGIN, seedBenchCompanies, withBenchPostgres } from './bench-database';
import type { BenchResult } from './result';
import { percentile } from './stats';

/**
 * `BENCH_SCALE=0.1 npm run bench -- periods` runs at a tenth of the sizes, to prove the benchmark
 * works; the figures are for scale 1.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COMPANIES = 200;
/** Months of books per company, ending with the last month of 2025, as the overview's twelve. */
const MONTHS = 12;
const TRANSACTIONS_PER_COMPANY_MONTH = Math.max(10, Math.round(400 * SCALE));
const TRANSACTIONS_IN_CLOSED_MONTH = Math.max(100, Math.round(10_000 * SCALE));
const CLOSED_MONTH = '2025-12';
const OVERVIEW_RUNS = 100;
const RAW_RUNS = 10;

/**
 * Each company gets one account with its transactions spread over the months (all explained) and the
 * bank's opening and month-end closing balances that prove them; company 1 gets its December at the
 * size of the closing measured.
 */
async function seed(database: DatabaseHandle) {
  const db = database.db;
  await seedBenchCompanies(database, COMPANIES);
  await db.execute(sql`insert into company_banks (company_id, account_number, name)
    select id, lpad((15030000000 + id)::text, 11, '0'), 'Driftskonto' from companies`);
  await db.execute(sql`insert into bank_transactions
      (company_id, company_bank_id, booking_date, text, amount_ore, fingerprint, status)
    select account.company_id, account.id,
      date '2025-01-01' + ((n * 7919) % 365), 'Post ' || n, ((n * 104729) % 2000001) - 1000000, 'b' || n,
      case when n % 5 = 0 then 3 else 4 end
    from company_banks account, generate_series(1, ${TRANSACTIONS_PER_COMPANY_MONTH * MONTHS}) as n`);
  await db.execute(sql`insert into bank_transactions
      (company_id, company_bank_id, booking_date, text, amount_ore, fingerprint, status)
    select 1, 1, date '2025-12-01' + (n % 31), 'Desember ' || n, ((n * 7717) % 200001) - 100000, 'd' || n, 4
    from generate_series(1, ${TRANSACTIONS_IN_CLOSED_MONTH}) as n`);
  await db.execute(sql`insert into bank_balances (company_id, company_bank_id, balance_date, balance_type, amount_ore, source)
    select company_id, id, date '2025-01-01', 'OPBD', 100000000, 'CAMT053' from company_banks`);
  await db.execute(sql`insert into bank_balances (company_id, company_bank_id, balance_date, balance_type, amount_ore, source)
    select company_id, company_bank_id, (month + interval '1 month' - interval '1 day')::date, 'CLBD',
      100000000 + sum(movement) over (partition by company_id, company_bank_id order by month), 'CAMT053'
    from (select company_id, company_bank_id, date_trunc('month', booking_date) as month, sum(amount_ore) as movement
          from bank_transactions group by 1, 2, 3) months`);
  await db.execute(sql`analyze`);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/**
 * The overview's figures computed from the transactions themselves (the same query the kept totals
 * are checked against), with the balances: what the overview would cost without its totals.
 */
async function overviewFromRawTables(database: DatabaseHandle) {
  const companyIds = Array.from({ length: COMPANIES }, (_, index) => index + 1);
  return monthTotalsFromTransactions(database.db, companyIds, '2025-01-01', '2025-12-31');
}

export async function benchPeriods(): Promise<BenchResult[]> {
  return withBenchPostgres(async (database) => {
    await database.migrate();
    await seed(database);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-periods-'));
    const app = await buildApp({
      config: { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir },
      database,
      logger: false,
    });
    try {
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: BENCH_LOGIN,
      });
      const token = login.json().data.AccessToken as string;
      const overviewUrl = `/api/main/periods/overview?until=2025-12&months=${MONTHS}`;

      const overview = await call(app, token, 'GET', overviewUrl);
      const raw = await overviewFromRawTables(database);
      const rawTransactions = raw.reduce((sum, row) => sum + row.transactionCount, 0);
      const shownTransactions = (overview.rows as { months: { transactionCount: number }[] }[])
        .flatMap((row) => row.months)
        .reduce((sum, month) => sum + month.transactionCount, 0);
      if (rawTransactions !== shownTransactions) {
        throw new Error(
          `the overview shows ${shownTransactions} transactions, the tables hold ${rawTransactions}`,
        );
      }

      // Warmed up first: the figure is the overview a person opens during the day, not the first call after a start.
      for (let run = 0; run < 3; run += 1) await call(app, token, 'GET', overviewUrl);
      const ours: number[] = [];
      for (let run = 0; run < OVERVIEW_RUNS; run += 1) {
        ours.push((await timed(() => call(app, token, 'GET', overviewUrl))).ms);
      }
      const baseline: number[] = [];
      for (let run = 0; run < RAW_RUNS; run += 1) {
        baseline.push((await timed(() => overviewFromRawTables(database))).ms);
      }
      ours.sort((left, right) => left - right);
      baseline.sort((left, right) => left - right);

      const closings: number[] = [];
      const closeUrl = `/api/main/periods/${CLOSED_MONTH}/close`;
      const reopenUrl = `/api/main/periods/${CLOSED_MONTH}/reopen`;
      for (let run = 0; run < 5; run += 1) {
        const closed = await timed(() =>
          call(app, token, 'POST', closeUrl, { companyId: 1, exceptions: [] }),
        );
        if (closed.value.state !== 'closed')
          throw new Error(`the month did not close: ${closed.value.state}`);
        closings.push(closed.ms);
        await call(app, token, 'POST', reopenUrl, { companyId: 1, reason: 'Åpnet igjen for neste måling' });
      }
      closings.sort((left, right) => left - right);
      const closeBaseline: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        closeBaseline.push(
          (await timed(() => monthTotalsFromTransactions(database.db, [1], '2025-12-01', '2025-12-31'))).ms,
        );
      }
      closeBaseline.sort((left, right) => left - right);

      const round = (value: number) => Math.round(value * 10) / 10;
      const overviewP99 = percentile(ours, 0.99);
      const overviewMedian = percentile(ours, 0.5);
      const rawMedian = percentile(baseline, 0.5);
      const closeMedian = percentile(closings, 0.5);
      return [
        {
          name: `bureau overview, ${COMPANIES} companies × ${MONTHS} months, ${rawTransactions.toLocaleString('en')} transactions: p99 of the call (ratio: medians, raw tables / call)`,
          ours: round(overviewP99),
          baseline: round(rawMedian),
          unit: 'ms',
          ratio: rawMedian / overviewMedian,
          goal: 'p99 < 300 ms',
          met: overviewP99 < 300,
        },
        {
          name: `closing a month of ${TRANSACTIONS_IN_CLOSED_MONTH.toLocaleString('en')} transactions (median of 5; baseline: the month summed from its rows)`,
          ours: round(closeMedian),
          baseline: round(percentile(closeBaseline, 0.5)),
          unit: 'ms',
          ratio: percentile(closeBaseline, 0.5) / closeMedian,
          goal: 'close < 1,000 ms',
          met: closeMedian < 1_000,
        },
      ];
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
