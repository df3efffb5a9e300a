import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from './db/seed-demo';
import { type MailListener, startMailListener } from './features/mail-intake';
import { productJobs } from './jobs';
import { serverRoot } from './paths';
import { type JobRunner, startJobRunner } from './platform/jobs';
import { createLocalDiskStore } from './platform/object-store';
import { createProviders } from './providers';

const config = loadConfig();

function startSandbox(): ChildProcess {
  const entry = path.join(serverRoot, '../sandbox/src/main.ts');
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    stdio: 'inherit',
    env: { ...process.env, SANDBOX_PORT: String(config.sandboxPort) },
  });
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = config.seedDemoData ? await seedDemoData(database.db) : false;
let sandbox: ChildProcess | undefined;
const providers = createProviders(config.providers);
const app = await buildApp({ config, database, providers });
let jobRunner: JobRunner | undefined;
let mailListener: MailListener | undefined;

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  sandbox?.kill('SIGTERM');
  await mailListener?.close();
  await jobRunner?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Started once the server answers: the first page needs no outside party, and the sandbox's start would
// take the CPU the server's own start is using.
if (config.startSandbox) sandbox = startSandbox();
mailListener = await startMailListener({
  db: database.db,
  store: createLocalDiskStore(path.join(config.dataDir, 'files')),
  spoolDir: path.join(config.dataDir, 'mail-spool'),
  ...config.mailIntake,
  log: app.log,
});
jobRunner = await startJobRunner(database.db, {
  ...productJobs({ db: database.db, providers, config }),
  log: app.log,
  // The embedded database answers one query at a time, so jobs side by side would only queue there;
  // on PostgreSQL more jobs than cores only trade memory for nothing (npm run bench, docs/adr/0009).
  concurrency:
    config.jobConcurrency ?? (database.kind === 'postgres' ? Math.min(4, availableParallelism()) : 1),
});
const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
const logins = DEMO_LOGINS.map(
  (login) => `    ${login.email.padEnd(20)} ${DEMO_PASSWORD}   (${login.description})`,
).join('\n');
process.stdout.write(
  `\nBilag is running at http://localhost:${config.port}\n  database: ${where}${seeded ? ' (demo data added)' : ''}\n  API docs: http://localhost:${config.port}/api/docs\n  receipts by e-mail: SMTP on port ${mailListener.port} for <alias>@${config.mailIntake.domain}\n  demo logins:\n${logins}\n\n`,
);
