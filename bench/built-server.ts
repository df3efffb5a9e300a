import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';

/**
 * The product as `npm start` runs it, for the benches that measure the whole server: the sandbox and the
 * built server, each in a process of its own so the kernel can tell their memory apart.
 */

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_BUILD = path.join(REPOSITORY_ROOT, 'apps/server/build.mjs');
/** The server runs as `npm start` runs it: the built bundle, without a TypeScript loader. */
const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/dist/main.mjs');
/** `BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` passes Node flags to the server, to profile it. */
export const EXTRA_SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter((flag) => flag);

export type SandboxProcess = { url: string; child: ChildProcess; smtpPort: number };
export type ServerProcess = { url: string; child: ChildProcess; logFile: string };

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

/** The sandbox as `npm start` runs it, in its own process, so its memory is not counted as the server's. */
export async function startSandbox(dataDir: string): Promise<SandboxProcess> {
  const [port, smtpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sandbox/src/main.ts'], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, SANDBOX_PORT: String(port), SMTP_PORT: String(smtpPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    const answer = await fetch(`${url}/sandbox/clock`).catch(() => undefined);
    if (answer?.ok) return { url, child, smtpPort };
    await sleep(200);
  }
  child.kill();
  throw new Error('the sandbox did not start');
}

/** Stops the sandbox and waits until it has written its state, so its folder can go after. */
export async function stopSandbox({ child }: SandboxProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function logTail(server: ServerProcess): Promise<string> {
  return (await readFile(server.logFile, 'utf8').catch(() => '')).slice(-4000);
}

function withoutDatabaseUrl(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _inherited, ...rest } = environment;
  return rest;
}

/**
 * The built server on the bench database (the embedded one in the data folder when none is given), with
 * its job runner, reaching the sandbox's parties; `env` adds to or overrides its settings.
 */
export async function startServer(options: {
  databaseUrl?: string;
  sandbox: { url: string; smtpPort: number };
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  await promisify(execFile)(process.execPath, [SERVER_BUILD]);
  const [port, mailIntakePort] = [await freePort(), await freePort()];
  const logFile = path.join(options.dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [...serverNodeFlags({ embedded: !options.databaseUrl }), ...EXTRA_SERVER_FLAGS, SERVER_ENTRY],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        ...withoutDatabaseUrl(process.env),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: options.dataDir,
        SANDBOX_URL: options.sandbox.url,
        SMTP_PORT: String(options.sandbox.smtpPort),
        START_SANDBOX: '0',
        SEED_DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        // Its own port for forwarded receipts, so the bench never meets another server's listener.
        MAIL_INTAKE_PORT: String(mailIntakePort),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const server = { url: `http://127.0.0.1:${port}`, child, logFile };
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start-up:\n${await logTail(server)}`);
    const ready = await fetch(`${server.url}/health/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return server;
  }
  await stopServer(server);
  throw new Error(`the server was not ready within 120 s:\n${await logTail(server)}`);
}

export async function stopServer({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stopped = await Promise.race([
    exited.then(() => true),
    sleep(15_000, undefined, { ref: false }).then(() => false),
  ]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

const STATUS_LINES = { VmRSS: /^VmRSS:\s+(\d+) kB$/m, VmHWM: /^VmHWM:\s+(\d+) kB$/m } as const;

/** A line of the process's status in /proc, in MB: VmRSS (resident now) or VmHWM (the peak of it). */
export async function residentMegabytes(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(STATUS_LINES[field].exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no ${field} for process ${pid}`);
  return kilobytes / 1024;
}

/** Starts the process's peak resident size afresh from its current size, so start-up is not counted. */
export async function resetPeakMemory(pid: number | undefined): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

/**
 * The process's resident size sampled while a run goes on, to show whether it stays flat: `stop` answers
 * the samples in MB, in order.
 */
export function sampleMemory(pid: number | undefined, everyMs = 500): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    residentMegabytes(pid, 'VmRSS').then(
      (megabytes) => samples.push(megabytes),
      () => undefined,
    );
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The samples' first, middle and last tenth, each as its mean: a memory that grows shows it here. */
export function memoryShape(samples: readonly number[]): { start: number; middle: number; end: number } {
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const mean = (part: readonly number[]) =>
    part.length === 0 ? 0 : part.reduce((sum, value) => sum + value, 0) / part.length;
  const middle = Math.floor((samples.length - tenth) / 2);
  return {
    start: mean(samples.slice(0, tenth)),
    middle: mean(samples.slice(middle, middle + tenth)),
    end: mean(samples.slice(-tenth)),
  };
}

type Envelope<T> = { isSuccess: boolean; data: T };

export async function callApi<T>(
  server: ServerProcess,
  route: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const answer = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`POST ${route}: ${answer.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as Envelope<T>).data;
}

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
