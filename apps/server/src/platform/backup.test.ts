import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { companies } from '../db/schema';
import { seedDemoData } from '../db/seed-demo';
import { serverRoot } from '../paths';
import { adminQuery, serverDatabaseUrl } from '../test/global-setup';
import { crashTestsCanRun, repositoryRoot } from '../test/server-process';
import { openTestDatabase } from '../test/test-app';
import { writeAudit } from './audit';
import { exportAuditLog } from './audit-export';
import { BackupError, type BackupManifest, restoreBackup, writeBackup } from './backup';

/** Whether a PostgreSQL server answers, so a backup can be restored into PostgreSQL as well. */
const postgresAnswers = process.env.TEST_DB === 'postgres' || (await crashTestsCanRun());

/** Every table's rows as PostgreSQL prints them, in a fixed order: two databases alike print alike. */
async function contentsOf(database: DatabaseHandle) {
  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = (await database.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table}" t`),
    )) as unknown as { rows: { row: string }[] };
    contents[table] = rows.map((row) => row.row).sort();
  }
  return contents;
}

function filesOf(root: string, relative = ''): Record<string, string> {
  const found: Record<string, string> = {};
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) Object.assign(found, filesOf(root, child));
    else found[child] = readFileSync(path.join(root, child)).toString('base64');
  }
  return found;
}

/** An empty database of the kind asked for, not yet migrated, and how to be rid of it. */
async function emptyDatabase(kind: DatabaseHandle['kind']) {
  if (kind === 'pglite') {
    const handle = await openPglite();
    return { handle, dispose: () => handle.close() };
  }
  const name = `bilag_restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = openPostgres(serverDatabaseUrl(name), 2);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

describe('backup and restore', () => {
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let workDir: string;
  let filesDir: string;
  let backupDir: string;
  let manifest: BackupManifest;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await openTestDatabase();
    await seedDemoData(source.db);
    const [bakery] = await source.db.select().from(companies).where(eq(companies.alias, 'nordlys-bakeri'));
    if (!bakery) throw new Error('the demo data has no bakery');
    // What a row can hold that a careless copy would change: text with quotes, line breaks and
    // letters beyond Latin-1, numbers beyond 2^53 inside JSON, and a moment to the microsecond.
    await writeAudit(source.db, {
      companyId: bakery.id,
      userId: null,
      entity: 'voucher',
      entityId: '9007199254740993',
      action: 'update',
      before: { text: 'Kvittering "Rema" \n æøå 🧾' },
    });
    await source.db.execute(
      sql`update audit_log set created_at = '2026-02-03 04:05:06.123456+00', after = '{"big": 9007199254740993}'::jsonb
          where entity_id = '9007199254740993'`,
    );
    workDir = mkdtempSync(path.join(tmpdir(), 'bilag-backup-test-'));
    filesDir = path.join(workDir, 'files');
    mkdirSync(path.join(filesDir, `companies/${bakery.id}/vouchers`), { recursive: true });
    writeFileSync(path.join(filesDir, `companies/${bakery.id}/vouchers/kvittering.pdf`), randomBytes(70_000));
    writeFileSync(path.join(filesDir, `companies/${bakery.id}/vouchers/bilde.jpg`), randomBytes(1_000));
    backupDir = path.join(workDir, 'backup');
    manifest = await writeBackup(source, filesDir, backupDir);
  }, 60_000);

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  afterAll(async () => {
    await source?.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('lists every table, every file and the migration of the data, each part with its checksum', () => {
    expect(manifest.databaseKind).toBe(source.kind);
    expect(manifest.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['users', 'vouchers', 'audit_log']),
    );
    const order = manifest.tables.map((table) => table.name);
    // A table comes after the tables it refers to, so it can be loaded back in this order.
    expect(order.indexOf('companies')).toBeLessThan(order.indexOf('company_users'));
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThan(0);
    expect(manifest.files.map((file) => file.path).sort()).toEqual([
      expect.stringMatching(/vouchers\/bilde\.jpg$/),
      expect.stringMatching(/vouchers\/kvittering\.pdf$/),
    ]);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
  });

  const kinds: DatabaseHandle['kind'][] = postgresAnswers ? ['pglite', 'postgres'] : ['pglite'];
  it.each(kinds)(
    'restores into an empty %s database and data folder exactly as it was',
    async (kind) => {
      const target = await emptyDatabase(kind);
      cleanups.push(target.dispose);
      const targetFiles = path.join(workDir, `restored-${kind}`, 'files');
      const summary = await restoreBackup(target.handle, backupDir, targetFiles);
      expect(summary.files).toBe(2);
      expect(await contentsOf(target.handle)).toEqual(await contentsOf(source));
      expect(filesOf(targetFiles)).toEqual(filesOf(filesDir));

      // The sequences go on after the restored ids: a new company does not collide with an old one.
      const [highest] = await source.db.select({ id: sql<number>`max(${companies.id})` }).from(companies);
      const [created] = await target.handle.db
        .insert(companies)
        .values({ name: 'Etter gjenoppretting AS', alias: `etter-${kind}`, organisationNumber: '999999999' })
        .returning({ id: companies.id });
      expect(created?.id).toBeGreaterThan(Number(highest?.id));
    },
    60_000,
  );

  it('refuses a database that holds data, and leaves it as it was', async () => {
    const before = await contentsOf(source);
    await expect(restoreBackup(source, backupDir, path.join(workDir, 'refused-files'))).rejects.toThrow(
      /already holds .* users .* restored into an empty database/,
    );
    expect(await contentsOf(source)).toEqual(before);
  });

  it('refuses a data folder that holds files', async () => {
    const target = await emptyDatabase('pglite');
    cleanups.push(target.dispose);
    await expect(restoreBackup(target.handle, backupDir, filesDir)).rejects.toThrow(/already holds files/);
  });

  it('refuses a backup whose parts are not as written, before it writes anything', async () => {
    const damaged = path.join(workDir, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const [file] = manifest.files;
    if (!file) throw new Error('the backup holds no file');
    writeFileSync(path.join(damaged, 'files', file.path), 'not the receipt');
    const target = await emptyDatabase('pglite');
    cleanups.push(target.dispose);
    await expect(restoreBackup(target.handle, damaged, path.join(workDir, 'damaged-files'))).rejects.toThrow(
      /checksum differs/,
    );
    const { rows } = (await target.handle.db.execute(
      sql`select count(*)::int as tables from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { tables: number }[] };
    expect(rows[0]?.tables).toBe(0);

    // A manifest that names a file outside the backup's files folder is refused, not followed.
    const tampered = { ...manifest, files: [{ ...file, path: '../manifest.json' }] };
    writeFileSync(path.join(damaged, 'manifest.json'), JSON.stringify(tampered));
    await expect(restoreBackup(target.handle, damaged, path.join(workDir, 'damaged-files'))).rejects.toThrow(
      BackupError,
    );
  });

  it('refuses to write into a folder that holds something', async () => {
    await expect(writeBackup(source, filesDir, backupDir)).rejects.toThrow(/not empty/);
  });

  it('exports the audit log as CSV an auditor can open, by company and by day', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const written = await exportAuditLog(source.db, out, {
      company: 'nordlys-bakeri',
      from: '2026-02-03',
      to: '2026-02-03',
    });
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(written).toBe(1);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('id,changed_at,company_id,company,user_id,user,entity,entity_id,action,before,after');
    expect(row).toContain('2026-02-03T04:05:06.123456Z');
    expect(row).toContain(',nordlys-bakeri,,,voucher,9007199254740993,update,');
    expect(row).toContain('\\""Rema\\""');
    expect(row).toContain('9007199254740993}');
    await expect(exportAuditLog(source.db, new PassThrough(), { from: '3 Feb' })).rejects.toThrow(
      /YYYY-MM-DD/,
    );
  });
});

const execFileAsync = promisify(execFile);

describe.skipIf(process.env.TEST_DB === 'postgres')('the backup commands', () => {
  it('back up a stopped product’s embedded database and files, and restore them into an empty data folder', async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'bilag-backup-cli-'));
    try {
      const original = path.join(workDir, 'original');
      const embedded = await openPglite({ dataDir: path.join(original, 'pglite') });
      await embedded.migrate();
      await seedDemoData(embedded.db);
      const before = await contentsOf(embedded);
      await embedded.close();
      mkdirSync(path.join(original, 'files/companies/1/vouchers'), { recursive: true });
      writeFileSync(path.join(original, 'files/companies/1/vouchers/a.pdf'), randomBytes(5_000));

      const { DATABASE_URL: _postgres, ...inheritedEnvironment } = process.env;
      const cli = (dataDir: string, ...args: string[]) =>
        execFileAsync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/cli.ts'), ...args], {
          cwd: repositoryRoot,
          // A port nothing listens on: the command checks that no product runs on the database.
          env: { ...inheritedEnvironment, DATA_DIR: dataDir, PORT: '1', NODE_ENV: 'production' },
        });
      const backup = path.join(workDir, 'backup');
      const written = await cli(original, 'backup', backup);
      expect(written.stderr).toMatch(/^Backup written to .*: \d+ tables, \d+ rows, 1 files/);

      const restoredDir = path.join(workDir, 'restored');
      const restored = await cli(restoredDir, 'restore', backup);
      expect(restored.stderr).toMatch(/^Restored \d+ tables, \d+ rows and 1 files/);
      const reopened = await openPglite({ dataDir: path.join(restoredDir, 'pglite') });
      expect(await contentsOf(reopened)).toEqual(before);
      await reopened.close();
      expect(filesOf(path.join(restoredDir, 'files'))).toEqual(filesOf(path.join(original, 'files')));

      const exported = await cli(restoredDir, 'audit-export', '--company', 'nordlys-bakeri');
      expect(exported.stdout.split('\r\n')[0]).toMatch(/^id,changed_at,company_id/);
      await expect(cli(restoredDir, 'restore', backup)).rejects.toMatchObject({ code: 1 });
      await expect(cli(restoredDir, 'backup')).rejects.toMatchObject({ code: 2 });
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 120_000);
});
