import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openPglite } from '../apps/server/src/db/client';
import { seedBenchCompanies, withBenchPostgres } from './bench-database';
import { compareListCall, type ListCall } from './http-comparison';
import type { BenchResult } from './result';

const LIST_PATH =
  '/api/main/voucher/list?companyId={companyId}&year=2025&sortBy=Date&sortType=desc&pageSize=50';

/** The statements the list call runs for its rows and total, sent by a bare driver as the floor. */
const BARE_LIST_SQL = `select * from vouchers where company_id = $1 and deleted_at is null
  and effective_date >= '2025-01-01' and effective_date < '2026-01-01'
  order by effective_date desc, id desc limit 50`;
const BARE_COUNT_SQL = `select count(*) from vouchers where company_id = $1 and deleted_at is null
  and effective_date >= '2025-01-01' and effective_date < '2026-01-01'`;

export async function seedVouchers(database: DatabaseHandle, companies: number, vouchersPerCompany: number) {
  const db = database.db;
  await seedBenchCompanies(database, companies);
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

function voucherList(label: string): ListCall {
  return {
    subject: 'voucher list',
    label,
    pathTemplate: LIST_PATH,
    bareListSql: BARE_LIST_SQL,
    bareCountSql: BARE_COUNT_SQL,
  };
}

export async function benchVoucherListPostgres(
  options: { companies?: number; vouchersPerCompany?: number; seconds?: number } = {},
): Promise<BenchResult[]> {
  const companies = options.companies ?? 1000;
  return withBenchPostgres(async (handle, barePool) => {
    await handle.migrate();
    await seedVouchers(handle, companies, options.vouchersPerCompany ?? 1000);
    return compareListCall(
      voucherList(`PostgreSQL, ${companies * (options.vouchersPerCompany ?? 1000)} vouchers`),
      handle,
      (text, values) => barePool.query(text, values),
      { companies, seconds: options.seconds ?? 10, hasGoals: true },
    );
  });
}

export async function benchVoucherListEmbedded(
  options: { companies?: number; vouchersPerCompany?: number; seconds?: number } = {},
): Promise<BenchResult[]> {
  const companies = options.companies ?? 100;
  const handle = await openPglite();
  try {
    await handle.migrate();
    await seedVouchers(handle, companies, options.vouchersPerCompany ?? 1000);
    return await compareListCall(
      voucherList(`embedded PGlite, ${companies * (options.vouchersPerCompany ?? 1000)} vouchers`),
      handle,
      handle.queryRaw,
      { companies, seconds: options.seconds ?? 10, hasGoals: false },
    );
  } finally {
    await handle.close();
  }
}
