import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, residentMegabytes, round } from './built-server';
import type { BenchResult } from './result';

/**
 * `npm start` as a person runs it after `npm install` on a fresh clone: the web app not yet built and an
 * empty data folder, so the first start builds the web app, creates the embedded database, applies the
 * migrations, seeds the demo data and starts the sandbox. The second start finds all of that done. Each is
 * timed from the command to the first page served whole (index.html and every script and style sheet it
 * names). The server's memory is read from the kernel once it is at rest after the first start.
 *
 * The baseline is the least a web page can cost: Node's own HTTP server serving the same built files,
 * started the same way and read the same way.
 */
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(REPOSITORY_ROOT, 'apps/web/dist');
const SECOND_START_GOAL_SECONDS = 5;
const START_TIMEOUT_MS = 10 * 60_000;
/** How long a started server is left alone before its memory is read: the jobs it runs at start are done. */
const SETTLE_MS = 5_000;

type Started = { child: ChildProcess; seconds: number };

/** The files of the first page: index.html and the scripts and style sheets it names. */
async function loadFirstPage(url: string): Promise<boolean> {
  const page = await fetch(url).catch(() => undefined);
  if (!page?.ok) return false;
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  if (assets.length === 0) return false;
  for (const asset of assets) {
    const answer = await fetch(`${url}${asset}`).catch(() => undefined);
    if (!answer?.ok) return false;
    await answer.arrayBuffer();
  }
  return true;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function startAndLoad(
  command: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<Started> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  const [program, ...args] = command;
  if (!program) throw new Error('no command to start');
  const child = spawn(program, args, {
    cwd: REPOSITORY_ROOT,
    env: { ...embeddedDatabaseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; await sleep(50)) {
    if (hasExited(child)) {
      const tail = (await readFile(logFile, 'utf8')).split('\n').slice(-30).join('\n');
      throw new Error(`${command.join(' ')} stopped before it served a page:\n${tail}`);
    }
    if (await loadFirstPage(url)) return { child, seconds: (performance.now() - started) / 1000 };
  }
  await stop(child);
  throw new Error(`${command.join(' ')} served no page within ${START_TIMEOUT_MS / 60_000} minutes`);
}

/** Stops the command and everything it started (the server and its sandbox). */
async function stop(child: ChildProcess): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (!hasExited(child)) process.kill(-child.pid, 'SIGKILL');
}

/** The server process `npm start` runs: the child of the start script that runs the bundle. */
function serverPidOf(start: ChildProcess): number {
  const children = execFileSync('pgrep', ['-P', String(start.pid)], { encoding: 'utf8' })
    .split('\n')
    .map(Number)
    .filter((pid) => pid > 0);
  const [server] = children;
  if (server === undefined) throw new Error('npm start runs no server process');
  return server;
}

/** This process's environment without a database URL, so the server runs on the embedded database. */
function embeddedDatabaseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...inherited } = process.env;
  return inherited;
}

const BARE_SERVER = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const root = process.env.WEB_DIST;
http.createServer((request, response) => {
  const file = path.join(root, request.url === '/' ? 'index.html' : request.url.split('?')[0]);
  fs.readFile(file, (error, body) => {
    if (error) { response.statusCode = 404; response.end(); return; }
    response.setHeader('content-type', file.endsWith('.html') ? 'text/html' : file.endsWith('.css') ? 'text/css' : 'text/javascript');
    response.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function benchStart(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bilag-bench-start-'));
  const logFile = path.join(dataDir, 'start.log');
  // npm start on the embedded database, as on a fresh machine, on ports of its own.
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    MAIL_INTAKE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
  };
  const startCommand = [process.execPath, 'scripts/start.mjs'];
  try {
    // A fresh clone has no built web app; the first start builds it.
    await rm(WEB_DIST, { recursive: true, force: true });
    const first = await startAndLoad(startCommand, env, logFile);
    let idleMb: number;
    try {
      await sleep(SETTLE_MS);
      idleMb = await residentMegabytes(serverPidOf(first.child), 'VmRSS');
    } finally {
      await stop(first.child);
    }
    const second = await startAndLoad(startCommand, env, logFile);
    await stop(second.child);

    const bare = await startAndLoad(
      [process.execPath, '-e', BARE_SERVER],
      { PORT: env.PORT ?? '', WEB_DIST },
      logFile,
    );
    let bareMb: number;
    try {
      await sleep(SETTLE_MS);
      bareMb = await residentMegabytes(bare.child.pid, 'VmRSS');
    } finally {
      await stop(bare.child);
    }

    process.stderr.write(
      [
        `npm start: first page after ${round(first.seconds, 1)} s on a fresh clone, ${round(second.seconds, 1)} s the second time (goal < ${SECOND_START_GOAL_SECONDS} s); a bare Node server ${round(bare.seconds, 2)} s`,
        `  server at rest ${round(idleMb, 1)} MB resident; a bare Node server ${round(bareMb, 1)} MB`,
        '',
      ].join('\n'),
    );
    const against = 'against Node serving the same files';
    return [
      {
        name: `npm start on a fresh clone (web app built, embedded database created, migrated and seeded, sandbox started): seconds to the first page, ${against}`,
        ours: round(first.seconds, 1),
        baseline: round(bare.seconds, 2),
        unit: 's (lower is better)',
        ratio: first.seconds / bare.seconds,
      },
      {
        name: `npm start the second time: seconds to the first page (${against}: ${round(bare.seconds, 2)} s), against the goal`,
        ours: round(second.seconds, 1),
        baseline: SECOND_START_GOAL_SECONDS,
        unit: 's (lower is better)',
        ratio: second.seconds / SECOND_START_GOAL_SECONDS,
        goal: `< ${SECOND_START_GOAL_SECONDS} s`,
        met: second.seconds < SECOND_START_GOAL_SECONDS,
      },
      {
        name: `npm start: the server's resident memory at rest after the first start, ${against}`,
        ours: round(idleMb, 1),
        baseline: round(bareMb, 1),
        unit: 'MB (lower is better)',
        ratio: idleMb / bareMb,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
