import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/features/auth';
import type { LoadSummary } from './load';
import type { BenchResult } from './result';
import { percentile } from './stats';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password';
const LIST_PATH =
  '/api/main/voucher/list?companyId={companyId}&year=2025&sortBy=Date&sortType=desc&pageSize=50';

/** The statements the list call runs for its rows and total, sent by a bare driver as the floor. */
const BARE_LIST_SQL = `select * from vouchers where company_id = $1 and deleted_at is null
  and effective_date >= '2025-01-01' and effective_date < '2026-01-01'
  order by effective_date desc, id desc limit 50`;
const BARE_COUNT_SQL = `select count(*) from vouchers where company_id = $1 and deleted_at is null
  and effective_date >= '2025-01-01' and effective_date < '2026-01-01'`;

const execFileAsync = promisify(execFile);
/** The half-rate runs of each side, taken in turns with the other's. */
const HALF_RATE_WINDOWS = 4;

function pooledP99(runs: LoadSummary[]): number {
  const latencies = runs.flatMap((run) => run.latencies ?? []).sort((a, b) => a - b);
  return percentile(latencies, 0.99);
}

/** Asynchronous, because the servers under test live in this process and must keep answering. */
async function runLoad(
  url: string,
  headers: Record<string, string>,
  companyIds: number[],
  options: { seconds: number; rate?: number },
): Promise<LoadSummary> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'load.ts'),
      JSON.stringify({ url, pathTemplate: LIST_PATH, companyIds, headers, connections: 16, ...options }),
    ],
    { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

async function seed(database: DatabaseHandle, companies: number, vouchersPerCompany: number) {
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(
    sql`insert into users (email, full_name, password_hash, role_id) values ('bench@example.no', 'Bench', ${passwordHash}, 3)`,
  );
  await db.execute(sql`insert into companies (name, alias, organisation_number)
    select 'Company ' || n, 'company-' || n, '923456783' from generate_series(1, ${companies}) as n`);
  await db.execute(sql`insert into company_users (company_id, user_id) select id, 1 from companies`);
  await db.execute(sql`insert into vouchers (company_id, voucher_date, effective_date, supplier_name, amount_ore, currency, source, status, labels)
    select c.id, d, d,
      (array['Telenor Norge AS','Rema 1000','Circle K','Posten Norge','Elkjøp','Kiwi','Equinor','Vy'])[1 + (n % 8)],
      (n * 7919) % 5000000, 'NOK', n % 4, n % 3, '{}'
    from companies c
    cross join generate_series(1, ${vouchersPerCompany}) as n
    cross join lateral (select date '2024-01-01' + ((n * 37 + c.id) % 730) as d) as dates`);
  // What autovacuum would have done to a table that grew over years: statistics and a visibility map.
  await db.execute(sql`vacuum analyze`);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function measure(
  label: string,
  database: DatabaseHandle,
  bareQuery: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
  companies: number,
  seconds: number,
  /** The goals are set for PostgreSQL; the embedded database's figures are reported beside them. */
  hasGoals: boolean,
): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-'));
  const app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir },
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${appUrl}/api/account/check-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.no', password: PASSWORD }),
  }).then((response) => response.json());
  const headers = { authorization: `Bearer ${login.data.AccessToken}` };

  const bare = createServer(async (request, response) => {
    const companyId = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('companyId'));
    const [rows, total] = await Promise.all([
      bareQuery(BARE_LIST_SQL, [companyId]),
      bareQuery(BARE_COUNT_SQL, [companyId]),
    ]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ isSuccess: true, data: { total: total.rows[0], rows: rows.rows } }));
  });
  const bareUrl = await listen(bare);

  const companyIds = Array.from({ length: companies }, (_, index) => index + 1).sort(
    () => Math.random() - 0.5,
  );
  await runLoad(appUrl, headers, companyIds, { seconds: 2 });
  const oursMax = await runLoad(appUrl, headers, companyIds, { seconds });
  const bareMax = await runLoad(bareUrl, {}, companyIds, { seconds });
  // Each side at half its own maximum, in short windows taken in turns, so that a disturbance of the
  // machine (another process, a checkpoint) falls on either side alike; the p99 is over all windows.
  const halfRate = (max: LoadSummary) => Math.max(1, Math.floor(max.requestsPerSecond / 2));
  const halfRuns: { ours: LoadSummary[]; bare: LoadSummary[] } = { ours: [], bare: [] };
  for (let window = 0; window < HALF_RATE_WINDOWS; window += 1) {
    const windowSeconds = seconds / 2;
    halfRuns.ours.push(
      await runLoad(appUrl, headers, companyIds, { seconds: windowSeconds, rate: halfRate(oursMax) }),
    );
    halfRuns.bare.push(
      await runLoad(bareUrl, {}, companyIds, { seconds: windowSeconds, rate: halfRate(bareMax) }),
    );
  }
  const oursHalfP99 = pooledP99(halfRuns.ours);
  const bareHalfP99 = pooledP99(halfRuns.bare);

  await app.close();
  await new Promise((resolve) => bare.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  const errors = [oursMax, bareMax, ...halfRuns.ours, ...halfRuns.bare].reduce(
    (sum, run) => sum + run.errors,
    0,
  );
  if (errors > 0) throw new Error(`${label}: ${errors} requests failed`);

  return [
    {
      name: `voucher list, ${label}: throughput`,
      ours: Math.round(oursMax.requestsPerSecond),
      baseline: Math.round(bareMax.requestsPerSecond),
      unit: 'requests/s',
      ratio: oursMax.requestsPerSecond / bareMax.requestsPerSecond,
      ...(hasGoals ? { goal: '≥ 0.8× bare pg + node:http' } : {}),
    },
    {
      name: `voucher list, ${label}: p99 latency at half the maximum rate (${HALF_RATE_WINDOWS} windows each, in turns)`,
      ours: oursHalfP99,
      baseline: bareHalfP99,
      unit: 'ms (lower is better)',
      ratio: bareHalfP99 === 0 ? 1 : oursHalfP99 / bareHalfP99,
      ...(hasGoals ? { goal: 'ours under 25 ms' } : {}),
    },
  ];
}

export async function benchVoucherListPostgres(
  options: { companies?: number; vouchersPerCompany?: number; seconds?: number } = {},
): Promise<BenchResult[]> {
  const companies = options.companies ?? 1000;
  const database = `bilag_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const handle = openPostgres(url.toString(), 20);
  const barePool = new pg.Pool({ connectionString: url.toString(), max: 20 });
  barePool.on('error', () => undefined);
  try {
    await handle.migrate();
    await seed(handle, companies, options.vouchersPerCompany ?? 1000);
    return await measure(
      `PostgreSQL, ${companies * (options.vouchersPerCompany ?? 1000)} vouchers`,
      handle,
      (text, values) => barePool.query(text, values),
      companies,
      options.seconds ?? 10,
      true,
    );
  } finally {
    await barePool.end();
    await handle.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

export async function benchVoucherListEmbedded(
  options: { companies?: number; vouchersPerCompany?: number; seconds?: number } = {},
): Promise<BenchResult[]> {
  const companies = options.companies ?? 100;
  const handle = await openPglite();
  try {
    await handle.migrate();
    await seed(handle, companies, options.vouchersPerCompany ?? 1000);
    return await measure(
      `embedded PGlite, ${companies * (options.vouchersPerCompany ?? 1000)} vouchers`,
      handle,
      handle.queryRaw,
      companies,
      options.seconds ?? 10,
      false,
    );
  } finally {
    await handle.close();
  }
}
