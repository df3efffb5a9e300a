// The whole suite, in the order that fails fastest: lint, types, migration drift, advisories, unit and
// integration tests (embedded database, then PostgreSQL when one answers), end to end in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'bilag-test-'));
const startedAt = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  const stepStart = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    finish(1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

async function postgresAnswers() {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function finish(code) {
  countVitest(path.join(reports, 'vitest.json'));
  countPlaywright(path.join(reports, 'playwright.json'));
  rmSync(reports, { recursive: true, force: true });
  const minutes = ((Date.now() - startedAt) / 60000).toFixed(1);
  console.log(`\nWhole suite: ${minutes} min`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

run('Biome (format and lint)', 'npx', ['biome', 'check', '.']);
run('TypeScript', 'npm', ['run', 'typecheck']);
run('Migration drift', 'node', ['scripts/migration-drift.mjs']);
run('Dependency advisories', 'node', ['scripts/dependency-audit.mjs']);

const withPostgres = await postgresAnswers();
if (!withPostgres) {
  console.log(
    '\nNo PostgreSQL server answers at TEST_DATABASE_URL: the server tests run on the embedded database only.',
  );
}
run(
  `Unit and integration tests (embedded database${withPostgres ? ' and PostgreSQL' : ''})`,
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, 'vitest.json')}`,
  ],
  { BILAG_TEST_POSTGRES: withPostgres ? '1' : '0' },
);
run('Build the web app', 'npm', ['run', 'build', '-w', 'apps/web']);
run('End-to-end tests in Chromium', 'npm', ['run', 'e2e', '-w', 'apps/web'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
});
finish(0);
