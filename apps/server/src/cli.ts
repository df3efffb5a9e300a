import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { AuditExportError, exportAuditLog } from './platform/audit-export';
import { BackupError, restoreBackup, writeBackup } from './platform/backup';

export const USAGE = `Usage:
  npm run backup -- <folder>
      the database and the stored files, into a new or empty folder
  npm run restore -- <folder>
      a backup, into an empty database and an empty data folder
  npm run audit-export -- [--company <id|alias>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out <file>]
      the audit log as CSV, on standard output unless --out names a file

They work on the server's data: PostgreSQL at DATABASE_URL, else the embedded database in DATA_DIR
(./data), and the stored files in DATA_DIR/files. The embedded database is one process's: stop the
product before a backup or restore of it.`;

class UsageError extends Error {}

/** Refuses to open the embedded database while the product runs on it: it has one process at a time. */
async function assertEmbeddedDatabaseIsFree(port: number) {
  const answered = await fetch(`http://127.0.0.1:${port}/health/live`, {
    signal: AbortSignal.timeout(1_000),
  }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new UsageError(
      `The product is running on port ${port}. Stop it first: the embedded database is used by one process at a time.`,
    );
}

function readArguments(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        company: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        out: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const filesDir = path.join(config.dataDir, 'files');
  const { values, positionals } = readArguments(rest);
  if (command !== 'backup' && command !== 'restore' && command !== 'audit-export')
    throw new UsageError(`Unknown command ${command ?? '(none)'}.`);
  const [folder] = positionals;
  if (command !== 'audit-export' && (positionals.length !== 1 || folder === undefined))
    throw new UsageError(`${command} takes one folder.`);
  if (!config.databaseUrl) await assertEmbeddedDatabaseIsFree(config.port);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'backup' && folder) {
      await database.migrate();
      const manifest = await writeBackup(database, filesDir, path.resolve(folder));
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      process.stderr.write(
        `Backup written to ${path.resolve(folder)}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files (migration ${manifest.migration.tag}).\n`,
      );
    } else if (command === 'restore' && folder) {
      const restored = await restoreBackup(database, path.resolve(folder), filesDir);
      process.stderr.write(
        `Restored ${restored.tables} tables, ${restored.rows} rows and ${restored.files} files from ${path.resolve(folder)}.\n`,
      );
    } else {
      await database.migrate();
      const out = values.out ? createWriteStream(values.out) : process.stdout;
      const written = await exportAuditLog(database.db, out, {
        company: values.company,
        from: values.from,
        to: values.to,
      });
      if (values.out) {
        out.end();
        await finished(out);
      }
      process.stderr.write(`${written} changes exported${values.out ? ` to ${values.out}` : ''}.\n`);
    }
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof BackupError || error instanceof AuditExportError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
