import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';

/**
 * Tables without company_id, each with the reason it is shared by every company. On Citus these are
 * the reference tables; a new one is a decision written down here, not an accident of a migration.
 */
const REFERENCE_TABLES: Record<string, string> = {
  users: 'a person signs in once and works in several companies',
  sessions: "a person's sign-ins, not a company's data",
  refresh_tokens: "a person's sign-ins, not a company's data",
  login_failures: 'counted per e-mail and source, before any company is known',
  companies: 'the tenants themselves',
  banks: 'the Norwegian bank registry, the same for every company',
  payment_packages: 'the catalogue of packages on sale, the same for every company',
  app_settings: 'settings of the installation, such as the token signing key',
  idempotency_keys: "a person's repeated requests, recorded before the company they name is read",
  jobs: 'background work of the installation, claimed by any server process; the payload names the company',
  spam_suppliers: 'unwanted senders, for all companies or one named in for_company_id',
  ehf_reports: 'administrators’ reports across every company of the installation',
  mail_smtp_refusals:
    'mail bounced at the SMTP door, mostly before any company is known; one named in for_company_id',
};

type Key = { table: string; columns: string[] };

describe('the schema can be distributed by company', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let tenantTables: string[];

  beforeAll(async () => {
    database = await openTestDatabase();
    const tables = await database.queryRaw(
      `select c.relname as "table",
              exists (select 1 from pg_attribute a
                      where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as "isTenant"
         from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
      [],
    );
    const rows = tables.rows as { table: string; isTenant: boolean }[];
    tenantTables = rows.filter((row) => row.isTenant).map((row) => row.table);
    const referenceTables = rows.filter((row) => !row.isTenant).map((row) => row.table);
    expect(referenceTables.sort()).toEqual(Object.keys(REFERENCE_TABLES).sort());
  });
  afterAll(() => database.dispose());

  /** The columns of every primary key or unique index, in index order. */
  async function uniqueKeys(): Promise<Key[]> {
    const result = await database.queryRaw(
      `select t.relname as "table",
              array(select a.attname::text
                      from unnest(i.indkey) with ordinality as k(attnum, position)
                      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
                     order by k.position) as columns
         from pg_index i
         join pg_class t on t.oid = i.indrelid
        where t.relnamespace = 'public'::regnamespace and i.indisunique`,
      [],
    );
    return result.rows as Key[];
  }

  it('leads the primary key and every unique index of a tenant table with company_id', async () => {
    const keys = (await uniqueKeys()).filter((key) => tenantTables.includes(key.table));
    expect(keys.length).toBeGreaterThanOrEqual(tenantTables.length);
    const offending = keys.filter((key) => key.columns[0] !== 'company_id');
    expect(offending).toEqual([]);
  });

  it('gives every tenant table a primary key', async () => {
    const result = await database.queryRaw(
      `select t.relname as "table"
         from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relnamespace = 'public'::regnamespace and i.indisprimary`,
      [],
    );
    const withPrimaryKey = (result.rows as { table: string }[]).map((row) => row.table);
    expect(tenantTables.filter((table) => !withPrimaryKey.includes(table))).toEqual([]);
  });

  it('keeps company_id in every foreign key between two tenant tables', async () => {
    const result = await database.queryRaw(
      `select source.relname as "table", target.relname as "references",
              array(select a.attname::text from unnest(c.conkey) as k(attnum)
                      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
         from pg_constraint c
         join pg_class source on source.oid = c.conrelid
         join pg_class target on target.oid = c.confrelid
        where c.contype = 'f' and source.relnamespace = 'public'::regnamespace`,
      [],
    );
    const keys = result.rows as (Key & { references: string })[];
    const betweenTenants = keys.filter(
      (key) => tenantTables.includes(key.table) && tenantTables.includes(key.references),
    );
    expect(betweenTenants.filter((key) => !key.columns.includes('company_id'))).toEqual([]);
  });
});
