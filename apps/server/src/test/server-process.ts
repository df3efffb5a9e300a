import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openPostgres } from '../db/client';
import { serverRoot } from '../paths';
import { adminQuery, DEFAULT_TEST_DATABASE_URL, serverDatabaseUrl } from './global-setup';
import { givenSandbox, type RunningSandbox } from './sandbox';

/**
 * The server as a real process, started as `npm start` starts it, for the crash tests: a process can be
 * killed with SIGKILL at the worst moment, which a server inside the test's own process cannot.
 */

export const repositoryRoot = path.resolve(serverRoot, '../..');

/**
 * Whether a crash test can run: it makes its own PostgreSQL database whatever driver the run is for, so
 * it runs in the embedded pass only, and not at all where no PostgreSQL server answers.
 */
export async function crashTestsCanRun(): Promise<boolean> {
  if (process.env.TEST_DB === 'postgres') return false;
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Reads until the answer is not undefined, every 50 ms, and fails after the time-out. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
};

/** Bundles the server as `npm start` does (scripts/start.mjs), once for every start of a test. */
export function bundleServer() {
  const build = spawnSync(process.execPath, [path.join(serverRoot, 'build.mjs')], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`bundling the server failed:\n${build.stdout}${build.stderr}`);
}

/** The bundled server with the Node flags it runs with in production, ready once it has said so. */
export async function startServer(environment: Record<string, string>): Promise<ServerProcess> {
  const { serverNodeFlags } = (await import(
    pathToFileURL(path.join(serverRoot, 'node-flags.mjs')).href
  )) as typeof import('../../node-flags.mjs');
  const serverEnvironment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...environment };
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags({ embedded: !serverEnvironment.DATABASE_URL }),
      path.join(serverRoot, 'dist/main.mjs'),
    ],
    {
      cwd: repositoryRoot,
      env: serverEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  await until(
    'the server to start',
    async () => {
      if (hasExited) throw new Error(`the server stopped while starting:\n${output}`);
      return output.includes('Bilag is running at') ? true : undefined;
    },
    30_000,
  );
  return { child, output: () => output, exited };
}

/** Kills the server with SIGKILL unless it has stopped already, and waits until it has. */
export async function killServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** What a crash test kills and restarts: the bundled server on a PostgreSQL database of its own, seeded with the demo data, beside a sandbox. */
export type CrashScene = {
  database: DatabaseHandle;
  sandbox: RunningSandbox;
  port: number;
  /** The port of its SMTP listener for receipts forwarded by e-mail. */
  mailPort: number;
  /** The server's DATA_DIR: its stored files and its mail spool. */
  dataDir: string;
  /** The server process of the latest start. */
  server: ServerProcess;
  /** Starts the server again on the same database, port and sandbox. */
  restart(): Promise<ServerProcess>;
  close(): Promise<void>;
};

export async function startCrashScene(): Promise<CrashScene> {
  const databaseName = `bilag_crash_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-crash-'));
  let database: DatabaseHandle | undefined;
  let sandbox: RunningSandbox | undefined;
  let server: ServerProcess | undefined;
  const close = async () => {
    await killServer(server);
    await sandbox?.close();
    await database?.close();
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await adminQuery(`create database ${databaseName}`);
    database = openPostgres(serverDatabaseUrl(databaseName), 2);
    sandbox = await givenSandbox();
    bundleServer();
    const port = await freePort();
    const mailPort = await freePort();
    const environment = {
      DATABASE_URL: serverDatabaseUrl(databaseName),
      PORT: String(port),
      HOST: '127.0.0.1',
      MAIL_INTAKE_PORT: String(mailPort),
      MAIL_INTAKE_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      START_SANDBOX: 'false',
      SANDBOX_URL: sandbox.url,
      SEED_DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
    };
    server = await startServer(environment);
    const scene: CrashScene = {
      database,
      sandbox,
      port,
      mailPort,
      dataDir,
      server,
      async restart() {
        server = await startServer(environment);
        scene.server = server;
        return server;
      },
      close,
    };
    return scene;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Holds the table in exclusive mode (others may read it, none may write) until released: a crash test
 * makes the server wait inside its own transaction at the very statement that writes the table, so the
 * kill lands there and nowhere else.
 */
export async function holdTable(db: DatabaseHandle['db'], table: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${sql.identifier(table)} in exclusive mode`);
    held();
    await released;
  });
  await Promise.race([holding, transaction]);
  return {
    async release() {
      release();
      await transaction;
    },
  };
}

/** Waits until a session of the database waits for a lock in a statement that writes the table. */
export function untilWaitingToWrite(db: DatabaseHandle['db'], table: string) {
  return until(`a writer of ${table} to wait for its lock`, async () => {
    const waiting = (await db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ${`insert into "${table}"%`}`,
    )) as unknown as { rows: unknown[] };
    return waiting.rows.length > 0 ? true : undefined;
  });
}
