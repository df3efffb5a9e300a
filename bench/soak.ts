import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPrefix } from '@bilag/contracts';
import { BENCH_LOGIN, withBenchPostgres } from './bench-database';
import {
  callApi,
  memoryShape,
  round,
  type ServerProcess,
  sampleMemory,
  startSandbox,
  startServer,
  stopSandbox,
  stopServer,
} from './built-server';
import { spawnLoad } from './http-comparison';
import type { LoadSummary } from './load';
import type { BenchResult } from './result';
import { seedVouchers } from './vouchers';

/**
 * Load and soak: two built server processes on one PostgreSQL behind a local round-robin proxy, as the
 * product runs scaled out. The voucher list (read) and a voucher change (write, with its audit row) are
 * first run together as fast as they are answered; then both run together at 70 % of that maximum for
 * SOAK_SECONDS (20 minutes unless set), paced so a server that falls behind is charged for
 * it. Reported: errors (goal 0), each call's p99, and each process's resident memory over the run, start
 * against end (goal: flat).
 */

const SOAK_SHARE = 0.7;
const VOUCHERS_PER_COMPANY = 1000;
const LIST_PATH =
  '/api/main/voucher/list?companyId={companyId}&year=2025&sortBy=Date&sortType=desc&pageSize=50';
/** Memory is read every few seconds and reported per minute. */
const MEMORY_SAMPLE_MS = 5_000;

type ProxyHandle = { url: string; close(): Promise<void> };

/** A round-robin HTTP proxy over keep-alive connections, in front of the server processes. */
async function startProxy(servers: ServerProcess[]): Promise<ProxyHandle> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const targets = servers.map((server) => new URL(server.url));
  let turn = 0;
  const proxy: Server = createServer((incoming, outgoing) => {
    const target = targets[turn++ % targets.length];
    if (!target) throw new Error('the proxy has no server');
    const forwarded = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  proxy.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

type CallLoad = {
  pathTemplate: string;
  method?: 'PUT';
  bodyTemplate?: string;
  substitutions: Record<string, number>[];
};

function runLoad(
  url: string,
  token: string,
  call: CallLoad,
  options: { seconds: number; rate?: number },
): Promise<LoadSummary> {
  return spawnLoad({
    url,
    headers: { authorization: `Bearer ${token}` },
    companyIds: [],
    connections: 32,
    ...call,
    ...options,
  });
}

/** The samples' mean per minute, in MB: the curve of the process's memory over the run. */
function perMinute(samples: readonly number[]): number[] {
  const perMinuteSamples = Math.max(1, Math.round(60_000 / MEMORY_SAMPLE_MS));
  const minutes: number[] = [];
  for (let start = 0; start < samples.length; start += perMinuteSamples) {
    const minute = samples.slice(start, start + perMinuteSamples);
    minutes.push(round(minute.reduce((sum, value) => sum + value, 0) / minute.length));
  }
  return minutes;
}

export async function benchSoak(): Promise<BenchResult[]> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const soakSeconds = Number(process.env.SOAK_SECONDS ?? 20 * 60);
  const companies = Math.max(10, Math.round(200 * scale));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-bench-soak-'));
  try {
    return await withBenchPostgres(async (database, barePool) => {
      await database.migrate();
      await seedVouchers(database, companies, VOUCHERS_PER_COMPANY);
      const databaseUrl = barePool.options.connectionString;
      if (!databaseUrl) throw new Error('the bench database has no URL');
      const { rows } = await barePool.query<{ company_id: number; id: string }>(
        'select distinct on (company_id) company_id, id from vouchers order by company_id, id',
      );
      const vouchers = rows.map((row) => ({ companyId: row.company_id, voucherId: Number(row.id) }));

      const sandbox = await startSandbox(path.join(dataDir, 'sandbox'));
      const servers: ServerProcess[] = [];
      let proxy: ProxyHandle | undefined;
      try {
        // Each process has its own folder for its log; the calls measured store no files. The load
        // generator signs in once and does not refresh its session as the web app does, so the access
        // token lives as long as the run.
        const env = { ACCESS_TOKEN_TTL_SECONDS: String(Math.ceil(soakSeconds) + 600) };
        for (const name of ['a', 'b']) {
          mkdirSync(path.join(dataDir, name), { recursive: true });
          servers.push(await startServer({ databaseUrl, sandbox, dataDir: path.join(dataDir, name), env }));
        }
        proxy = await startProxy(servers);
        const entry = { url: proxy.url } as ServerProcess;
        const login = await callApi<{ AccessToken: string }>(
          entry,
          `${ApiPrefix.account}/check-login`,
          BENCH_LOGIN,
        );
        const read: CallLoad = {
          pathTemplate: LIST_PATH,
          substitutions: vouchers.map(({ companyId }) => ({ companyId })),
        };
        const write: CallLoad = {
          pathTemplate: '/api/main/voucher/{voucherId}',
          method: 'PUT',
          bodyTemplate: '{"companyId":{companyId},"description":"Soak {n}"}',
          substitutions: vouchers,
        };
        const token = login.AccessToken;
        await runLoad(proxy.url, token, read, { seconds: 3 });
        // The maximum of the two together: at 70 % of each one's maximum alone they would overload the
        // machine between them.
        const [readMax, writeMax] = await Promise.all([
          runLoad(proxy.url, token, read, { seconds: 15 }),
          runLoad(proxy.url, token, write, { seconds: 15 }),
        ]);
        if (!readMax || !writeMax) throw new Error('a load run gave no summary');
        const readRate = Math.max(1, Math.floor(readMax.requestsPerSecond * SOAK_SHARE));
        const writeRate = Math.max(1, Math.floor(writeMax.requestsPerSecond * SOAK_SHARE));
        process.stderr.write(
          `  soak: ${soakSeconds} s at ${readRate} reads/s and ${writeRate} writes/s (70 % of ${round(readMax.requestsPerSecond)} and ${round(writeMax.requestsPerSecond)}, their maximum together)\n`,
        );
        const memory = servers.map((server) => sampleMemory(server.child.pid, MEMORY_SAMPLE_MS));
        const [readSoak, writeSoak] = await Promise.all([
          runLoad(proxy.url, token, read, { seconds: soakSeconds, rate: readRate }),
          runLoad(proxy.url, token, write, { seconds: soakSeconds, rate: writeRate }),
        ]);
        const curves = memory.map((sampler) => sampler.stop());
        if (!readSoak || !writeSoak) throw new Error('a load run gave no summary');
        for (const [label, run] of [
          ['voucher list', readSoak],
          ['voucher change', writeSoak],
        ] as const) {
          const minutes = run.minutes ?? [];
          process.stderr.write(
            `  ${label} p99 ms per minute: ${minutes.map((minute) => minute.p99).join(', ')}\n  ${label} failures per minute: ${minutes.map((minute) => minute.errors).join(', ')} ${JSON.stringify(run.errorsByStatus ?? {})}\n`,
          );
        }
        curves.forEach((samples, index) => {
          process.stderr.write(
            `  server ${index + 1} resident MB per minute: ${perMinute(samples).join(', ')}\n`,
          );
        });
        const shapes = curves.map(memoryShape);
        const errors = readSoak.errors + writeSoak.errors;
        const minutes = round(soakSeconds / 60, 1);
        const latencyResult = (label: string, run: LoadSummary, rate: number): BenchResult => ({
          name: `soak ${minutes} min, 2 processes: ${label} p99 (ms) at 70 % of max vs its p50`,
          ours: run.p99,
          baseline: run.p50,
          unit: 'ms',
          ratio: run.p50 / Math.max(run.p99, 0.001),
          goal: `${rate} req/s, ${run.total} answered, ${run.errors} errors (goal 0)`,
        });
        return [
          latencyResult('voucher list', readSoak, readRate),
          latencyResult('voucher change', writeSoak, writeRate),
          ...shapes.map((shape, index) => ({
            name: `soak ${minutes} min: server ${index + 1} resident memory at the end vs the start`,
            ours: round(shape.end),
            baseline: round(shape.start),
            unit: 'MB',
            ratio: shape.start / Math.max(shape.end, 1),
            goal: `flat: ≥ 0.9× (middle ${round(shape.middle)} MB); errors in all: ${errors}`,
          })),
        ];
      } finally {
        await proxy?.close();
        for (const server of servers) await stopServer(server);
        await stopSandbox(sandbox);
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
