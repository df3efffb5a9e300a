import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/sql-helpers';
import type { StatisticFacts } from '../apps/server/src/features/statistics/statistic.facts';
import { rawFacts } from '../apps/server/src/features/statistics/statistic.raw';
import { summaryFacts } from '../apps/server/src/features/statistics/statistic.repository';
import * as service from '../apps/server/src/features/statistics/statistic.service';
import type { Principal } from '../apps/server/src/platform/auth';
import { BENCH_LOGIN, seedBenchCompanies, withBenchPostgres } from './bench-database';
import type { BenchResult } from './result';
import { percentile } from './stats';

/**
 * `BENCH_SCALE=0.05 npm run bench -- statistics` runs at a twentieth of the rows, to prove the benchmark
 * works; the figures are for scale 1: a bureau of 200 companies with five years of books,
 * 2,000,000 vouchers and 5,000,000 bank transactions.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COMPANIES = 200;
const VOUCHERS_PER_COMPANY = Math.max(100, Math.round(10_000 * SCALE));
const TRANSACTIONS_PER_COMPANY = Math.max(250, Math.round(25_000 * SCALE));
/** A fifth of the vouchers: the invoices paid through the product. */
const PAYMENTS_PER_COMPANY = Math.max(100, Math.round(2_000 * SCALE));
/** A tenth of the vouchers came as EHF invoices (some credit notes). */
const EHF_PER_COMPANY = Math.max(60, Math.round(1_000 * SCALE));
const TASKS_PER_COMPANY = 40;
/** Companies seeded per statement, so the statement triggers see transition tables of a bounded size. */
const COMPANIES_PER_STATEMENT = 25;
/** Days from 2021-01-01 to 2025-12-31, both included. */
const DAYS_IN_FIVE_YEARS = 1826;

/** Calls measured over HTTP, spread over the companies; the raw computation is run fewer times. */
const CALL_RUNS = 120;
const WARMUP_RUNS = 5;
const IN_PROCESS_RUNS = 60;
const RAW_RUNS = 10;
/** The team's raw computation reads every voucher and transaction of the bureau: a few runs only at full size. */
const TEAM_RAW_RUNS = SCALE >= 0.5 ? 3 : RAW_RUNS;
/** Companies whose summary replies are compared with the raw ones, field by field. */
const CHECKED_COMPANIES = [1, 2, 101, 200];
const GOAL = 'p99 < 100 ms and ≥ 10× faster than raw';

/** The n-th request's company: 37 is prime to 200, so consecutive requests visit every company. */
const companyOf = (run: number) => 1 + ((run * 37) % COMPANIES);

async function timedMs(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * The companies with one account each (every other with a second), and their books over 2021–2025:
 * vouchers of every source, bank transactions mostly explained a few days after booking (some still
 * missing their voucher, a few explained these last weeks), payments of every status, EHF invoices
 * with their VAT rates that became vouchers, and tasks done these last months. Everything goes
 * through the real tables so that migration 0015's statement triggers fill the summaries.
 */
export async function seedStatistics(database: DatabaseHandle) {
  const db = database.db;
  await seedBenchCompanies(database, COMPANIES);
  await db.execute(sql`update companies set responsible_accountant_user_id = 1 where id % 2 = 0`);
  await db.execute(sql`insert into company_banks (company_id, account_number, name, is_default)
    select id, lpad((15030000000 + id)::text, 11, '0'), 'Driftskonto', true from companies order by id`);
  await db.execute(sql`insert into company_banks (company_id, account_number, name, sorting)
    select id, lpad((15060000000 + id)::text, 11, '0'), 'Skattetrekk', 1 from companies where id % 2 = 0 order by id`);

  for (let first = 1; first <= COMPANIES; first += COMPANIES_PER_STATEMENT) {
    const last = first + COMPANIES_PER_STATEMENT - 1;
    process.stderr.write(`  seeding companies ${first}–${last}…\n`);
    await db.execute(sql`insert into vouchers
        (company_id, voucher_date, effective_date, supplier_name, amount_ore, source, status, created_at, deleted_at)
      select company.id, day, day, 'Leverandør ' || (n % 97),
        case when n % 37 = 0 then null else 100 + ((n::bigint * 104729 + company.id) % 2500000) end,
        (n + company.id) % 5, 0,
        timestamptz '2021-01-01 00:00:00+00' + ((n::bigint * 2654435761 + company.id * 97) % span.seconds) * interval '1 second',
        case when n % 50 = 0 then now() end
      from companies company
      cross join generate_series(1, ${VOUCHERS_PER_COMPANY}) as n
      cross join lateral (select date '2021-01-01' + ((n * 7919 + company.id * 31) % ${DAYS_IN_FIVE_YEARS}) as day) as dates
      cross join (select extract(epoch from now() - timestamptz '2021-01-01 00:00:00+00')::bigint as seconds) as span
      where company.id between ${first} and ${last}`);
    await db.execute(sql`insert into bank_transactions
        (company_id, company_bank_id, booking_date, text, amount_ore, fingerprint, status, explained_on)
      select account.company_id, case when n % 3 = 0 then account.second_id else account.first_id end, day,
        'Post ' || n, ((n::bigint * 104729 + account.company_id) % 2000001) - 1000000, 't' || n, state.status,
        case when state.status = 1 then null
             when n % 100 = 7 then current_date - (n % 63)
             else day + (n % 9) end
      from (select company_id, min(id) as first_id, max(id) as second_id from company_banks
             where company_id between ${first} and ${last} group by company_id) as account
      cross join generate_series(1, ${TRANSACTIONS_PER_COMPANY}) as n
      cross join lateral (select date '2021-01-01' + ((n * 7919 + account.company_id * 31) % ${DAYS_IN_FIVE_YEARS}) as day) as dates
      cross join lateral (select case when n % 10 = 0 then 1 when n % 10 < 4 then 2 when n % 10 < 6 then 3 else 4 end
                            as status) as state`);
  }
  await db.execute(sql`insert into payments
      (company_id, uuid, type, source, status, creditor_name, creditor_account, amount_ore, due_date, end_to_end_id)
    select company.id, 'p-' || company.id || '-' || n, 0, 0, (array[3, 3, 3, 3, 3, 0, 1, 2, 4, 4001])[1 + n % 10],
      'Leverandør ' || (n % 13), '15030000002', 100 + ((n * 7919 + company.id) % 5000000),
      date '2021-01-01' + ((n * 173 + company.id) % ${DAYS_IN_FIVE_YEARS}), 'e2e-' || company.id || '-' || n
    from companies company cross join generate_series(1, ${PAYMENTS_PER_COMPANY}) as n`);
  await db.execute(sql`insert into ehf_documents
      (company_id, channel, status, document_kind, document_number, issue_date, vat_rates, voucher_id)
    select company.id, 'peppol', 'voucher-created', case when m % 7 = 0 then 'creditnote' else 'invoice' end,
      'F-' || m, date '2021-01-01' + ((m * 7919 + company.id * 31) % ${DAYS_IN_FIVE_YEARS}),
      jsonb_build_array(
        jsonb_build_object('category', 'S', 'percent', '25.00', 'taxableAmountOre', taxable, 'taxAmountOre', taxable / 4),
        jsonb_build_object('category', 'S', 'percent', '15', 'taxableAmountOre', taxable / 3,
                           'taxAmountOre', taxable / 3 * 15 / 100),
        jsonb_build_object('category', case when m % 2 = 0 then 'Z' else 'E' end, 'percent', '0',
                           'taxableAmountOre', 3000 + m, 'taxAmountOre', 0))
      || case when m % 4 = 1
           then jsonb_build_array(jsonb_build_object('category', 'S', 'percent', '12', 'taxableAmountOre', 5000,
                                                     'taxAmountOre', 600))
           else '[]'::jsonb end,
      case when m % 11 = 5 then null else m end
    from companies company
    cross join generate_series(1, ${EHF_PER_COMPANY}) as m
    cross join lateral (select 10000 + ((company.id * 131 + m * 17) % 900000)::bigint as taxable) as amounts`);
  await db.execute(sql`insert into tasks (company_id, title, status, due_date, completed_at)
    select company.id, 'Oppgave ' || n, case when n <= 30 then 'done' else 'todo' end,
      current_date + ((n * 7) % 30) - 15,
      case when n <= 30 then now() - ((n * 131 + company.id * 17) % (26 * 7 * 24)) * interval '1 hour' end
    from companies company cross join generate_series(1, ${TASKS_PER_COMPANY}) as n`);
  await db.execute(sql`insert into bank_balances (company_id, company_bank_id, balance_date, balance_type, amount_ore, source)
    select account.company_id, account.id, least((month + interval '1 month' - interval '1 day')::date, current_date),
      'CLBD', 100000000 + account.id * 1000 + extract(month from month)::bigint * 10, 'CAMT053'
    from company_banks account
    cross join generate_series(date '2021-01-01', date_trunc('month', current_date), interval '1 month') as month`);
  // What autovacuum would have done to tables that grew over years: statistics and a visibility map,
  // so the raw tables are read at their best too.
  await db.execute(sql`vacuum analyze`);
}

type CountRow = { name: string; raw: number; summary: number; summaryRows: number };

/** Each summary's total against the raw rows it counts; any difference fails the run. */
async function checkSummaryCounts(database: DatabaseHandle): Promise<CountRow[]> {
  const rows = await rowsOf<CountRow>(
    database.db,
    sql`select 'voucher_month_totals' as name,
          (select count(*) from vouchers where deleted_at is null)::float8 as raw,
          (select coalesce(sum(voucher_count), 0) from voucher_month_totals)::float8 as summary,
          (select count(*) from voucher_month_totals)::float8 as "summaryRows"
        union all
        select 'bank_month_totals', (select count(*) from bank_transactions)::float8,
          (select coalesce(sum(transaction_count), 0) from bank_month_totals)::float8,
          (select count(*) from bank_month_totals)::float8
        union all
        select 'bank_explained_totals', (select count(*) from bank_transactions where explained_on is not null)::float8,
          (select coalesce(sum(explained_count), 0) from bank_explained_totals)::float8,
          (select count(*) from bank_explained_totals)::float8
        union all
        select 'payment_month_totals', (select count(*) from payments)::float8,
          (select coalesce(sum(payment_count), 0) from payment_month_totals)::float8,
          (select count(*) from payment_month_totals)::float8
        union all
        select 'vat_month_totals',
          (select count(*) from ehf_documents document cross join lateral jsonb_array_elements(document.vat_rates)
            where document.voucher_id is not null)::float8,
          (select coalesce(sum(document_count), 0) from vat_month_totals)::float8,
          (select count(*) from vat_month_totals)::float8
        union all
        select 'work_week_totals: vouchers added', (select count(*) from vouchers where deleted_at is null)::float8,
          (select coalesce(sum(vouchers_added), 0) from work_week_totals)::float8,
          (select count(*) from work_week_totals)::float8
        union all
        select 'work_week_totals: transactions explained',
          (select count(*) from bank_transactions where explained_on is not null)::float8,
          (select coalesce(sum(transactions_explained), 0) from work_week_totals)::float8,
          (select count(*) from work_week_totals)::float8
        union all
        select 'work_week_totals: tasks completed', (select count(*) from tasks where completed_at is not null)::float8,
          (select coalesce(sum(tasks_completed), 0) from work_week_totals)::float8,
          (select count(*) from work_week_totals)::float8`,
  );
  const wrong = rows.filter((row) => row.raw !== row.summary || row.raw === 0);
  if (wrong.length > 0) {
    throw new Error(`the summaries do not count the raw rows: ${JSON.stringify(wrong)}`);
  }
  return rows;
}

async function call(app: FastifyInstance, token: string, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** One statistics call: its URL for a company, and the same reply built in process from a reader. */
type StatisticCall = {
  name: string;
  url: (companyId: number, run: number) => string;
  build: (companyId: number, run: number, facts: StatisticFacts) => Promise<unknown>;
  rawRuns: number;
};

function statisticCalls(database: DatabaseHandle, principal: Principal): StatisticCall[] {
  const db = database.db;
  const fiveYears = { from: '2021-01', to: '2025-12' };
  const yearOf = (run: number) => 2021 + (run % 5);
  return [
    {
      name: 'overview',
      url: (companyId) => `/api/statistic/overview?companyId=${companyId}`,
      build: (companyId, _run, facts) => service.companyOverview(db, principal, { companyId }, facts),
      rawRuns: RAW_RUNS,
    },
    {
      name: 'voucher, 60 months',
      url: (companyId) => `/api/statistic/voucher?companyId=${companyId}&from=2021-01&to=2025-12`,
      build: (companyId, _run, facts) =>
        service.voucherStatistic(db, principal, { companyId, ...fiveYears }, facts),
      rawRuns: RAW_RUNS,
    },
    {
      name: 'bank, 60 months',
      url: (companyId) => `/api/statistic/bank?companyId=${companyId}&from=2021-01&to=2025-12`,
      build: (companyId, _run, facts) =>
        service.bankStatistic(db, principal, { companyId, ...fiveYears }, facts),
      rawRuns: RAW_RUNS,
    },
    {
      name: 'payment, 60 months',
      url: (companyId) => `/api/statistic/payment?companyId=${companyId}&from=2021-01&to=2025-12`,
      build: (companyId, _run, facts) =>
        service.paymentStatistic(db, principal, { companyId, ...fiveYears }, facts),
      rawRuns: RAW_RUNS,
    },
    {
      name: 'mva, one year',
      url: (companyId, run) => `/api/statistic/mva?companyId=${companyId}&year=${yearOf(run)}`,
      build: (companyId, run, facts) =>
        service.vatStatistic(db, principal, { companyId, year: yearOf(run) }, facts),
      rawRuns: RAW_RUNS,
    },
    {
      name: `team, 8 weeks × ${COMPANIES} companies`,
      url: () => '/api/statistic/team?weeks=8',
      build: (_companyId, _run, facts) => service.teamStatistic(db, principal, { weeks: 8 }, facts),
      rawRuns: TEAM_RAW_RUNS,
    },
  ];
}

/** A reply as it travels: what the HTTP call answers is compared with the in-process reply through JSON. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

/**
 * The summary reply equals the raw one for a few companies (and years), and the HTTP call answers the
 * summary reply; any difference fails the run.
 */
async function checkEquality(app: FastifyInstance, token: string, calls: readonly StatisticCall[]) {
  for (const statistic of calls) {
    const companies = statistic.name.startsWith('team') ? [1] : CHECKED_COMPANIES;
    for (const [index, companyId] of companies.entries()) {
      const summary = await statistic.build(companyId, index, summaryFacts);
      const raw = await statistic.build(companyId, index, rawFacts);
      assert.deepStrictEqual(
        summary,
        raw,
        `${statistic.name}, company ${companyId}: the summary reply differs from the raw one`,
      );
      const overHttp = await call(app, token, statistic.url(companyId, index));
      assert.deepStrictEqual(
        overHttp,
        asJson(summary),
        `${statistic.name}, company ${companyId}: the HTTP reply differs from the service's`,
      );
    }
  }
}

type Measured = {
  name: string;
  http: number[];
  summaryInProcess: number[];
  raw: number[];
};

async function measure(
  app: FastifyInstance,
  token: string,
  statistic: StatisticCall,
  ztlOnly = false,
): Promise<Measured> {
  for (let run = 0; run < WARMUP_RUNS; run += 1) await call(app, token, statistic.url(companyOf(run), run));
  const http: number[] = [];
  for (let run = 0; run < CALL_RUNS; run += 1) {
    http.push(await timedMs(() => call(app, token, statistic.url(companyOf(run), run))));
  }
  const summaryInProcess: number[] = [];
  const raw: number[] = [];
  if (!ztlOnly) {
    for (let run = 0; run < IN_PROCESS_RUNS; run += 1) {
      summaryInProcess.push(await timedMs(() => statistic.build(companyOf(run), run, summaryFacts)));
    }
    // One unmeasured run, as the summary side had its warm-up.
    await statistic.build(companyOf(CALL_RUNS), CALL_RUNS, rawFacts);
    for (let run = 0; run < statistic.rawRuns; run += 1) {
      // Other companies than the warm-up's, each read once.
      const rawRun = CALL_RUNS + 1 + run;
      raw.push(await timedMs(() => statistic.build(companyOf(rawRun), rawRun, rawFacts)));
    }
  }
  const sorted = (values: number[]) => values.sort((left, right) => left - right);
  return {
    name: statistic.name,
    http: sorted(http),
    summaryInProcess: sorted(summaryInProcess),
    raw: sorted(raw),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function benchStatistics(): Promise<BenchResult[]> {
  return withBenchPostgres(async (database) => {
    await database.migrate();
    const seedStarted = performance.now();
    await seedStatistics(database);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const counts = await checkSummaryCounts(database);
    process.stderr.write(
      `  seeded in ${seedSeconds.toFixed(0)} s at scale ${SCALE}: ${COMPANIES} companies, ` +
        `${(COMPANIES * VOUCHERS_PER_COMPANY).toLocaleString('en')} vouchers, ` +
        `${(COMPANIES * TRANSACTIONS_PER_COMPANY).toLocaleString('en')} bank transactions\n`,
    );
    console.error('  summaries against the raw rows (all equal):');
    console.table(counts);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-statistics-'));
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
      const loginData = login.json().data;
      const token = loginData.AccessToken as string;
      const [user] = await rowsOf<{ id: number; roleId: number }>(
        database.db,
        sql`select id, role_id as "roleId" from users where email = ${BENCH_LOGIN.email}`,
      );
      if (!user) throw new Error('the bench user is missing');
      const principal: Principal = { userId: user.id, roleId: user.roleId, sessionId: 'bench-statistics' };
      const calls = statisticCalls(database, principal);

      await checkEquality(app, token, calls);
      process.stderr.write(
        `  equality: the summary replies equal the raw ones (companies ${CHECKED_COMPANIES.join(', ')}; team once) and the HTTP replies equal the service's\n`,
      );

      const load = () =>
        loadavg()
          .map((value) => value.toFixed(2))
          .join(' ');
      process.stderr.write(`  load average before measuring: ${load()} (1, 5, 15 min)\n`);
      const measured: Measured[] = [];
      for (const statistic of calls) {
        process.stderr.write(`  measuring ${statistic.name}…\n`);
        measured.push(await measure(app, token, statistic));
      }
      const ztl = await measure(
        app,
        token,
        {
          name: 'ztl (consents; no summary, no raw reader)',
          url: (companyId) => `/api/statistic/ztl?companyId=${companyId}`,
          build: async () => undefined,
          rawRuns: 0,
        },
        true,
      );

      process.stderr.write(`  load average after measuring: ${load()} (1, 5, 15 min)\n`);
      const details = [...measured, ztl].map((row) => ({
        call: row.name,
        'http p50': round(percentile(row.http, 0.5)),
        'http p99': round(percentile(row.http, 0.99)),
        'http max': round(row.http[row.http.length - 1] ?? 0),
        'summary in-process p50': round(percentile(row.summaryInProcess, 0.5)),
        'raw in-process p50': round(percentile(row.raw, 0.5)),
        'raw in-process max': round(row.raw[row.raw.length - 1] ?? 0),
        'raw runs': row.raw.length,
        'reader-only ratio (p50)':
          row.raw.length > 0 ? round(percentile(row.raw, 0.5) / percentile(row.summaryInProcess, 0.5)) : '',
      }));
      console.error(`  statistics calls (ms; ${CALL_RUNS} HTTP calls each over the ${COMPANIES} companies):`);
      console.table(details);

      const scaleNote = SCALE === 1 ? '' : ` [scale ${SCALE}]`;
      return measured.map((row) => {
        const callMedian = percentile(row.http, 0.5);
        const summaryMedian = percentile(row.summaryInProcess, 0.5);
        const rawMedian = percentile(row.raw, 0.5);
        // The ratio compares like with like: the same service function in process, only the reader differs.
        // Against the HTTP call's median (which adds routing, auth and serialising) it is given in the name.
        return {
          name: `statistics ${row.name}${scaleNote}: p99 of ${row.http.length} HTTP calls (p50 ${round(callMedian)} ms); baseline: the reply from the raw tables, median of ${row.raw.length}; ratio: in-process medians raw / summary (raw / HTTP p50: ${round(rawMedian / callMedian)}×)`,
          ours: round(percentile(row.http, 0.99)),
          baseline: round(rawMedian),
          unit: 'ms',
          ratio: rawMedian / summaryMedian,
          goal: GOAL,
          met: percentile(row.http, 0.99) < 100 && rawMedian / summaryMedian >= 10,
        };
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
