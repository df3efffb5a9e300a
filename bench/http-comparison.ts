import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { BENCH_LOGIN } from './bench-database';
import type { LoadSummary } from './load';
import type { BenchResult } from './result';
import { percentile } from './stats';

const execFileAsync = promisify(execFile);
/** The half-rate runs of each side, taken in turns with the other's. */
export const HALF_RATE_WINDOWS = 4;

/** One side of a comparison: a server, the headers its calls need, and the path each call takes. */
export type LoadTarget = { url: string; headers: Record<string, string>; pathTemplate: string };

function pooledP99(runs: LoadSummary[]): number {
  const latencies = runs.flatMap((run) => run.latencies ?? []).sort((a, b) => a - b);
  return percentile(latencies, 0.99);
}

/**
 * A run of load.ts in a process of its own with the task it reads from argv; asynchronous, because the
 * servers under test may live in this process and must keep answering.
 */
export async function spawnLoad(task: Record<string, unknown>): Promise<LoadSummary> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), JSON.stringify(task)],
    // A paced run answers every latency; twenty minutes of it is tens of MB.
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

function runLoad(
  target: LoadTarget,
  companyIds: number[],
  options: { seconds: number; rate?: number },
): Promise<LoadSummary> {
  return spawnLoad({ ...target, companyIds, connections: 16, ...options });
}

export type HttpComparison = {
  oursMax: LoadSummary;
  bareMax: LoadSummary;
  oursHalfP99: number;
  bareHalfP99: number;
};

/**
 * Each side's maximum throughput, then each at half its own maximum in short windows taken in turns, so
 * that a disturbance of the machine (another process, a checkpoint) falls on either side alike; the p99
 * is over all windows. Throws when any request failed.
 */
export async function compareHttp(
  label: string,
  ours: LoadTarget,
  bare: LoadTarget,
  companyIds: number[],
  seconds: number,
): Promise<HttpComparison> {
  await runLoad(ours, companyIds, { seconds: 2 });
  const oursMax = await runLoad(ours, companyIds, { seconds });
  const bareMax = await runLoad(bare, companyIds, { seconds });
  const halfRate = (max: LoadSummary) => Math.max(1, Math.floor(max.requestsPerSecond / 2));
  const halfRuns: { ours: LoadSummary[]; bare: LoadSummary[] } = { ours: [], bare: [] };
  for (let window = 0; window < HALF_RATE_WINDOWS; window += 1) {
    const windowSeconds = seconds / 2;
    halfRuns.ours.push(await runLoad(ours, companyIds, { seconds: windowSeconds, rate: halfRate(oursMax) }));
    halfRuns.bare.push(await runLoad(bare, companyIds, { seconds: windowSeconds, rate: halfRate(bareMax) }));
  }
  const errors = [oursMax, bareMax, ...halfRuns.ours, ...halfRuns.bare].reduce(
    (sum, run) => sum + run.errors,
    0,
  );
  if (errors > 0) throw new Error(`${label}: ${errors} requests failed`);
  return {
    oursMax,
    bareMax,
    oursHalfP99: pooledP99(halfRuns.ours),
    bareHalfP99: pooledP99(halfRuns.bare),
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One list call of the app, and the statements it runs for its page and total. */
export type ListCall = {
  /** What the results name, as in `voucher list`. */
  subject: string;
  label: string;
  pathTemplate: string;
  bareListSql: string;
  bareCountSql: string;
};

/**
 * The list call of the app on the database, logged in as the bench user, against the same statements sent
 * by a bare driver through node:http as the floor, over the companies 1 to `companies` in a random order.
 * The goals are set for PostgreSQL; without `hasGoals` the figures are reported beside them.
 */
export async function compareListCall(
  call: ListCall,
  database: DatabaseHandle,
  bareQuery: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
  options: { companies: number; seconds: number; hasGoals: boolean },
): Promise<BenchResult[]> {
  const { subject, label } = call;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-'));
  let comparison: HttpComparison;
  try {
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
      body: JSON.stringify(BENCH_LOGIN),
    }).then((response) => response.json() as Promise<{ data: { AccessToken: string } }>);
    const headers = { authorization: `Bearer ${login.data.AccessToken}` };

    const bare = createServer(async (request, response) => {
      const companyId = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('companyId'));
      const [rows, total] = await Promise.all([
        bareQuery(call.bareListSql, [companyId]),
        bareQuery(call.bareCountSql, [companyId]),
      ]);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ isSuccess: true, data: { total: total.rows[0], rows: rows.rows } }));
    });
    const bareUrl = await listen(bare);

    const companyIds = Array.from({ length: options.companies }, (_, index) => index + 1).sort(
      () => Math.random() - 0.5,
    );
    try {
      comparison = await compareHttp(
        label,
        { url: appUrl, headers, pathTemplate: call.pathTemplate },
        { url: bareUrl, headers: {}, pathTemplate: call.pathTemplate },
        companyIds,
        options.seconds,
      );
    } finally {
      await app.close();
      await new Promise((resolve) => bare.close(resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const { oursMax, bareMax, oursHalfP99, bareHalfP99 } = comparison;

  return [
    {
      name: `${subject}, ${label}: throughput`,
      ours: Math.round(oursMax.requestsPerSecond),
      baseline: Math.round(bareMax.requestsPerSecond),
      unit: 'requests/s',
      ratio: oursMax.requestsPerSecond / bareMax.requestsPerSecond,
      ...(options.hasGoals
        ? {
            goal: '≥ 0.8× bare pg + node:http',
            met: oursMax.requestsPerSecond / bareMax.requestsPerSecond >= 0.8,
          }
        : {}),
    },
    {
      name: `${subject}, ${label}: p99 latency at half the maximum rate (${HALF_RATE_WINDOWS} windows each, in turns)`,
      ours: oursHalfP99,
      baseline: bareHalfP99,
      unit: 'ms (lower is better)',
      ratio: bareHalfP99 === 0 ? 1 : oursHalfP99 / bareHalfP99,
      ...(options.hasGoals ? { goal: 'ours under 25 ms', met: oursHalfP99 < 25 } : {}),
    },
  ];
}
