import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database or an open transaction: repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of the folder (the product's own unless given) that have not run yet. */
  migrate: (folder?: string) => Promise<void>;
  ping: () => Promise<void>;
  /** Plain SQL past the ORM, for benchmarks that measure what the ORM and the API add. */
  queryRaw: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
  /** A copy of the whole embedded database as a tar archive; only the embedded driver has one. */
  dumpDataDir: () => Promise<Blob>;
  /**
   * Receives the NOTIFY payloads of one channel on a connection of its own (LISTEN holds it); answers
   * how to stop. `onLost` is called when that connection drops, since notifications may have been
   * missed until a new listener starts.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onLost: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/**
 * The embedded database's page cache. PostgreSQL's 128 MB default lives in the server process's own
 * memory here, and WebAssembly memory never shrinks: a large import touched all of it and kept it.
 * The operating system caches the data folder's files besides, as it does for a PostgreSQL server.
 * A 1,000,000-row import ran at the same rate with 128, 32 and 16 MB, and peaked 30 MB lower with 16
 * than with 32.
 */
const EMBEDDED_SHARED_BUFFERS = '16MB';

/**
 * Creates an empty data folder in a Node process of its own. initdb runs in a WebAssembly instance of its
 * own whose memory (some 800 MB at its peak) the server's process would keep long after; the server
 * then opens a folder that exists, as at every later start.
 */
async function createDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      "import { PGlite } from '@electric-sql/pglite'; await (await PGlite.create({ dataDir: process.argv[1] })).close();",
      dataDir,
    ],
    { cwd: serverRoot },
  );
}

const asWritten = (value: string) => value;

/**
 * The parsers drizzle's PGlite driver sends with each of its queries: dates, times and intervals, and
 * arrays of them and of numerics, are left as PostgreSQL wrote them, for drizzle's own mapping.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: asWritten,
  [types.TIMESTAMPTZ]: asWritten,
  [types.INTERVAL]: asWritten,
  [types.DATE]: asWritten,
  1231: asWritten, // numeric[]
  1115: asWritten, // timestamp[]
  1185: asWritten, // timestamptz[]
  1187: asWritten, // interval[]
  1182: asWritten, // date[]
};

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The client drizzle is given: its queries reach the database without the parsers they bring, which
 * the database holds as its own instead. PGlite copies its whole map of parsers, a few hundred types
 * with the arrays of the schema's own, into a new object for every query that brings parsers: on this
 * schema that copy cost more than the query itself.
 */
function withoutParsersPerQuery<Client extends PGlite | Transaction>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, options && { ...options, parsers: undefined });
      if (property === 'transaction' && 'transaction' in target)
        return <T>(run: (transaction: Transaction) => Promise<T>) =>
          target.transaction((transaction) => run(withoutParsersPerQuery(transaction)));
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function openPglite(
  source: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (source.dataDir && !source.loadDataDir) await createDataDir(source.dataDir);
  else if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  // After the client's start, where PGlite sets the parsers of every array type.
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const db = drizzlePglite(withoutParsersPerQuery(client), { schema });
  return {
    db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    queryRaw: (text, values) => client.query(text, values),
    dumpDataDir: () => client.dumpDataDir('none'),
    // One embedded database in one process: its connection never drops on its own.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * How long an unused connection is kept. A new one costs its first calls tens of milliseconds: the
 * PostgreSQL process starts with cold caches and every prepared statement is prepared again on it. With
 * node-postgres's 10 seconds, a lull that short made the next busy moment pay that on many connections.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

export function openPostgres(connectionString: string, maxConnections = 20): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    // Idle connections alone do not keep the process from ending.
    allowExitOnIdle: true,
  });
  // An idle connection that the server closes (restart, failover) is dropped by the pool and
  // replaced on the next query; without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: (folder = migrationsFolder) => migrateNodePostgres(db, { migrationsFolder: folder }),
    ping: async () => {
      await pool.query('select 1');
    },
    queryRaw: (text, values) => pool.query(text, values),
    dumpDataDir: () => Promise.reject(new Error('Only the embedded database can be dumped')),
    listen: async (channel, onPayload, onLost) => {
      const client = new pg.Client({ connectionString });
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      client.on('error', () => undefined);
      client.once('end', onLost);
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      return async () => {
        client.off('end', onLost);
        await client.end();
      };
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: path.join(options.dataDir, 'pglite') });
}

/**
 * The node-postgres connection a transaction runs on, for what the ORM cannot send, such as COPY;
 * undefined on the embedded database. Drizzle keeps the connection of a transaction on its session.
 */
export function postgresConnection(tx: Db): pg.ClientBase | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}
