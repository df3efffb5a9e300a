import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Db, migrationsFolder } from '../db/client';
import { rowsOf } from '../db/sql-helpers';

/**
 * A backup is a folder: every table of the database as JSON lines (one `row_to_json` per row, gzipped),
 * every stored file as it is, and a manifest with the migration the data belongs to and a SHA-256 of
 * each part. The rows are PostgreSQL's own text of them and are never parsed on the way, so every type
 * (bigint beyond 2^53, timestamps to the microsecond, bytea, arrays, jsonb) comes back exactly, into the
 * embedded database or PostgreSQL alike.
 */

const FORMAT = 'bilag-backup';
const FORMAT_VERSION = 1;
/** Rows read from a cursor and written per statement on the way back: a few MB of JSON at most. */
const BATCH_ROWS = 2_000;

type MigrationEntry = { idx: number; when: number; tag: string };

export type BackupManifest = {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  databaseKind: DatabaseHandle['kind'];
  /** The last migration the data was written under; a restore migrates to it, loads, then goes on. */
  migration: { tag: string; when: number };
  /** In the order they are loaded back: a table after every table it refers to. */
  tables: { name: string; rows: number; file: string; sha256: string }[];
  files: { path: string; bytes: number; sha256: string }[];
};

export type RestoreSummary = { tables: number; rows: number; files: number };

export class BackupError extends Error {}

function quoted(identifier: string) {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function readJournal(folder = migrationsFolder): Promise<MigrationEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries;
}

async function lastAppliedMigration(db: Db): Promise<{ tag: string; when: number }> {
  const [applied] = await rowsOf<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const when = Number(applied?.created_at);
  const entry = (await readJournal()).find((candidate) => candidate.when === when);
  if (!entry) throw new BackupError('The database has migrations this version of the product does not know.');
  return { tag: entry.tag, when: entry.when };
}

/** The product's tables, each after the tables its foreign keys point at. */
async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.table_name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.conrelid <> c.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new BackupError(`The tables refer to each other in a circle at ${table}.`);
    visiting.add(table);
    for (const reference of references) if (reference.child === table) place(reference.parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

async function sha256OfFile(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function filesUnder(root: string, relative = ''): Promise<string[]> {
  if (!existsSync(path.join(root, relative))) return [];
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(root, child)));
    else if (entry.isFile()) found.push(child);
  }
  return found;
}

async function write(stream: Writable, text: string) {
  if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
}

/**
 * Writes a backup of the database and the stored files into `outDir`, which must not exist yet or be
 * empty. The tables are read in one repeatable-read transaction, so they show one moment of the
 * database even while the product runs on PostgreSQL.
 */
export async function writeBackup(
  database: DatabaseHandle,
  filesDir: string,
  outDir: string,
): Promise<BackupManifest> {
  if (existsSync(outDir) && (await readdir(outDir)).length > 0)
    throw new BackupError(`${outDir} is not empty; a backup goes into a new folder.`);
  await mkdir(path.join(outDir, 'tables'), { recursive: true });
  const manifest: BackupManifest = await database.db.transaction(
    async (tx) => {
      const tables: BackupManifest['tables'] = [];
      for (const table of await tablesInLoadOrder(tx)) {
        const file = `tables/${table}.jsonl.gz`;
        const gzip = createGzip();
        const output = createWriteStream(path.join(outDir, file));
        gzip.pipe(output);
        await tx.execute(
          sql.raw(
            `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table)} t`,
          ),
        );
        let rows = 0;
        for (;;) {
          const batch = await rowsOf<{ row: string }>(tx, sql.raw(`fetch ${BATCH_ROWS} from backup_rows`));
          for (const { row } of batch) await write(gzip, `${row}\n`);
          rows += batch.length;
          if (batch.length < BATCH_ROWS) break;
        }
        await tx.execute(sql.raw('close backup_rows'));
        gzip.end();
        await finished(output);
        tables.push({ name: table, rows, file, sha256: await sha256OfFile(path.join(outDir, file)) });
      }
      return {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        databaseKind: database.kind,
        migration: await lastAppliedMigration(tx),
        tables,
        files: [] as BackupManifest['files'],
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const file of await filesUnder(filesDir)) {
    const target = path.join(outDir, 'files', file);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(filesDir, file), target);
    manifest.files.push({
      path: file,
      bytes: (await stat(target)).size,
      sha256: await sha256OfFile(target),
    });
  }
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The backup's manifest, once every part it lists is there with the checksum it was written with. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const manifestPath = path.join(backupDir, 'manifest.json');
  if (!existsSync(manifestPath))
    throw new BackupError(`${backupDir} holds no manifest.json: it is not a backup.`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION)
    throw new BackupError(`${backupDir} is not a backup this version can read.`);
  const parts = [
    ...manifest.tables.map((table) => ({ within: 'tables', file: table.file, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ within: 'files', file: `files/${file.path}`, sha256: file.sha256 })),
  ];
  for (const part of parts) {
    const file = path.resolve(backupDir, part.file);
    const inside = path.relative(path.resolve(backupDir, part.within), file);
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside))
      throw new BackupError(`${part.file} lies outside the backup's ${part.within} folder.`);
    if (!existsSync(file)) throw new BackupError(`${part.file} is missing from the backup.`);
    if ((await sha256OfFile(file)) !== part.sha256)
      throw new BackupError(`${part.file} is not as it was written (its checksum differs).`);
  }
  return manifest;
}

/** A copy of the product's migrations up to and including `tag`, to bring a database to that point. */
async function migrationsUpTo(tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const entries = await readJournal();
  const last = entries.findIndex((entry) => entry.tag === tag);
  if (last < 0)
    throw new BackupError(`The backup was written under migration ${tag}, which this version does not know.`);
  const folder = await mkdtemp(path.join(tmpdir(), 'bilag-restore-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const kept = entries.slice(0, last + 1);
  for (const entry of kept)
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

async function loadTable(tx: Db, table: string, file: string) {
  const columns = (
    await rowsOf<{ column_name: string }>(
      tx,
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    )
  ).map((row) => quoted(row.column_name));
  if (columns.length === 0)
    throw new BackupError(`The backup holds a table ${table} that its migration does not make.`);
  const list = columns.join(', ');
  const insert = (batch: string[]) =>
    tx.execute(
      sql`insert into ${sql.raw(quoted(table))} (${sql.raw(list)}) overriding system value
          select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quoted(table))}, ${`[${batch.join(',')}]`}::json)`,
    );
  let batch: string[] = [];
  let rows = 0;
  const lines = createInterface({
    // A pipeline passes a read error on to the lines being read; a pipe would leave it with no listener.
    input: pipeline(createReadStream(file), createGunzip(), () => {}),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length === BATCH_ROWS) {
      await insert(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return rows + batch.length;
}

/** Moves each sequence of the table past the highest id restored, so new rows do not collide. */
async function advanceSequences(tx: Db, table: string) {
  const sequenced = await rowsOf<{ column_name: string }>(
    tx,
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table}
          and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { column_name: column } of sequenced) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${quoted(table).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'),
          coalesce(max(${quoted(column)}), 1), max(${quoted(column)}) is not null) from ${quoted(table)}`,
      ),
    );
  }
}

/**
 * Restores a verified backup into an empty database and an empty files folder: the database is brought
 * to the backup's migration, the rows and files are put back in one transaction, and the migrations
 * that came after the backup run last, as they would on any database of that age.
 */
export async function restoreBackup(
  database: DatabaseHandle,
  backupDir: string,
  filesDir: string,
): Promise<RestoreSummary> {
  const manifest = await verifyBackup(backupDir);
  if ((await filesUnder(filesDir)).length > 0)
    throw new BackupError(`${filesDir} already holds files; a backup is restored into an empty data folder.`);
  const migrations = await migrationsUpTo(manifest.migration.tag);
  try {
    await database.migrate(migrations.folder);
  } finally {
    await migrations.remove();
  }
  const [held] = await rowsOf<{ users: number; companies: number }>(
    database.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from companies)::int as companies`,
  );
  if ((held?.users ?? 0) > 0 || (held?.companies ?? 0) > 0)
    throw new BackupError(
      `The database already holds ${held?.users} users and ${held?.companies} companies; a backup is restored into an empty database.`,
    );
  const rows = await database.db.transaction(async (tx) => {
    // The rows are what was: the period lock and the month totals' triggers (migration 0013) stand aside,
    // so closed months load as they were and the totals come back from their own table.
    await tx.execute(sql`select set_config('bilag.restoring', 'on', true)`);
    // What the migrations put in an empty database (the banks) is replaced by the backup's rows.
    const tables = manifest.tables.map((table) => quoted(table.name));
    if (tables.length > 0) await tx.execute(sql.raw(`truncate ${tables.join(', ')} restart identity`));
    let restored = 0;
    for (const table of manifest.tables) {
      const loaded = await loadTable(tx, table.name, path.join(backupDir, table.file));
      if (loaded !== table.rows)
        throw new BackupError(`${table.file} holds ${loaded} rows where the manifest says ${table.rows}.`);
      await advanceSequences(tx, table.name);
      restored += loaded;
    }
    return restored;
  });
  for (const file of manifest.files) {
    const target = path.join(filesDir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(backupDir, 'files', file.path), target);
  }
  await database.migrate();
  return { tables: manifest.tables.length, rows, files: manifest.files.length };
}
