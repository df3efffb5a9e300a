import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openPostgres } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/features/auth';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The one user of a bench database, a member of every company in it. */
export const BENCH_LOGIN = { email: 'bench@example.no', password: 'bench-password' };

/** The bench user and the companies, numbered from 1, with the user a member of each. */
export async function seedBenchCompanies(database: DatabaseHandle, companies: number) {
  const db = database.db;
  const passwordHash = await hashPassword(BENCH_LOGIN.password);
  await db.execute(
    sql`insert into users (email, full_name, password_hash, role_id) values (${BENCH_LOGIN.email}, 'Bench', ${passwordHash}, 3)`,
  );
  await db.execute(sql`insert into companies (name, alias, organisation_number)
    select 'Company ' || n, 'company-' || n, '923456783' from generate_series(1, ${companies}) as n`);
  await db.execute(sql`insert into company_users (company_id, user_id) select id, 1 from companies`);
}

/**
 * A PostgreSQL database of its own for the run, opened for the app and for a bare pg pool, and dropped
 * afterwards whatever happens.
 */
export async function withBenchPostgres<T>(
  run: (handle: DatabaseHandle, barePool: pg.Pool) => Promise<T>,
): Promise<T> {
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
    return await run(handle, barePool);
  } finally {
    await barePool.end();
    await handle.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
