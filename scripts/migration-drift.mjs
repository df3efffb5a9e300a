// Fails when the table definitions have changed without a generated migration: drizzle-kit
// generates into a copy of the committed migrations, and any new file there is drift.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const committed = path.join(serverDir, 'src/db/migrations');

function findDrift(scratch) {
  cpSync(committed, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'drift'], {
    cwd: serverDir,
    env: { ...process.env, MIGRATIONS_OUT_DIR: `./${path.relative(serverDir, scratch)}` },
    encoding: 'utf8',
  });
  if (result.status !== 0 || /Error/.test(result.stderr)) {
    return `drizzle-kit failed:\n${result.stdout}\n${result.stderr}`;
  }
  const added = readdirSync(scratch).filter((name) => !before.has(name));
  if (added.length === 0) return undefined;
  return `Migration drift: the schema differs from the committed migrations (would add ${added.join(', ')}).\nRun \`npm run db:generate\` and commit the new migration.`;
}

// drizzle-kit only takes an output folder relative to its config.
const scratch = mkdtempSync(path.join(serverDir, '.drift-'));
try {
  const drift = findDrift(scratch);
  if (drift) {
    console.error(drift);
    process.exitCode = 1;
  } else {
    console.log('Migrations match the schema.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
