import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiPrefix } from '@bilag/contracts';
import { addDays, todayIsoDate } from '@bilag/domain';
import { count, desc, eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import {
  bankConsentAccounts,
  bankConsents,
  banks,
  bankTransactions,
  companyBanks,
  jobs,
} from '../apps/server/src/db/schema';
import { ConsentSyncJob } from '../apps/server/src/features/consents/bank-sync.jobs';
import { createProviders } from '../apps/server/src/providers';
import { BENCH_LOGIN, seedBenchCompanies, withBenchPostgres } from './bench-database';
import {
  callApi,
  logTail,
  resetPeakMemory,
  residentMegabytes,
  round,
  type ServerProcess,
  startSandbox,
  startServer,
  stopSandbox,
  stopServer,
} from './built-server';
import type { BenchResult } from './result';

/**
 * The bank sync of one consent over many accounts, as `npm start` runs it: the built server in a process
 * of its own on PostgreSQL, whose job runner syncs the consent when a signed-in person asks for it, against
 * the sandbox bank in another process. Every account's balance and 90 days of booked transactions are read
 * page by page, stored without duplicates, settled and matched. The floor is the same pages fetched and
 * read by the same bank client without storing anything: what the bank's answers cost whatever the product
 * does with them. The server's memory is read from the kernel: its resident size when idle before the
 * sync, and its peak while it syncs.
 *
 * `BENCH_SCALE=0.1 npm run bench -- consent-sync` syncs a tenth of the 100 accounts;
 * `BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` passes Node flags to the server, to profile it.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
/** A bank answers 100 transactions a page and the client follows at most 100 pages: 10,000 an account. */
const TRANSACTIONS_PER_ACCOUNT = 10_000;
const DAYS = 90;
const ORGANISATION_NUMBER = '923456783';
const MEMORY_GOAL_MB = 300;
const JOB_POLL_MS = 50;
/** How long the bench waits for the sync before it gives up. */
const SYNC_TIMEOUT_MS = 15 * 60_000;

type BulkAccounts = { consentId: string; accounts: { resourceId: string; bban: string; iban: string }[] };

async function makeBulkAccounts(sandboxUrl: string, accounts: number): Promise<BulkAccounts> {
  const answer = await fetch(`${sandboxUrl}/sandbox/banks/dnb/bulk-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organisationNumber: ORGANISATION_NUMBER,
      accounts,
      transactionsPerAccount: TRANSACTIONS_PER_ACCOUNT,
      days: DAYS,
      seed: 'consent-sync-bench',
    }),
  });
  if (answer.status !== 201) throw new Error(`the sandbox made no accounts: ${await answer.text()}`);
  return (await answer.json()) as BulkAccounts;
}

/**
 * The bulk consent as a company's valid consent with its accounts joined to the company. It counts as
 * synced just now, so the server's schedule leaves it alone until the bench asks for the sync.
 */
async function givenBulkConsent(db: Db, companyId: number, bulk: BulkAccounts): Promise<number> {
  const [bank] = await db.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  if (!bank) throw new Error('the bank registry has no DNB');
  const [consent] = await db
    .insert(bankConsents)
    .values({
      companyId,
      bankId: bank.id,
      bankGroup: 'dnb',
      providerConsentId: bulk.consentId,
      instructionId: `bench-${bulk.consentId}`,
      status: 'valid',
      frequencyPerDay: 4,
      requestedAccounts: [],
      createdBy: 1,
      lastSyncAt: new Date(),
    })
    .returning({ id: bankConsents.id });
  if (!consent) throw new Error('the consent was not stored');
  for (const account of bulk.accounts) {
    const [companyBank] = await db
      .insert(companyBanks)
      .values({ companyId, accountNumber: account.bban, bankId: bank.id })
      .returning({ id: companyBanks.id });
    await db.insert(bankConsentAccounts).values({
      companyId,
      consentId: consent.id,
      resourceId: account.resourceId,
      iban: account.iban,
      bban: account.bban,
      companyBankId: companyBank?.id ?? null,
    });
  }
  return consent.id;
}

/** The floor: the same balances and pages read by the same client as the sync's, and nothing done with them. */
async function readAlone(sandbox: { url: string; smtpPort: number }, bulk: BulkAccounts) {
  const { providers: settings } = loadConfig({
    SANDBOX_URL: sandbox.url,
    SMTP_PORT: String(sandbox.smtpPort),
  });
  const dnb = createProviders(settings).banks.forGroup('dnb');
  if (!dnb) throw new Error('the product has no DNB client');
  const read = { consentId: bulk.consentId };
  const dateFrom = addDays(todayIsoDate('Europe/Oslo'), -DAYS);
  const started = performance.now();
  let rows = 0;
  for (const account of bulk.accounts) {
    await dnb.getBalances(read, account.resourceId);
    const pages = dnb.transactionPages(read, account.resourceId, { dateFrom, bookingStatus: 'booked' });
    for await (const page of pages) rows += page.booked.length;
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** The sync's job from the moment the server's runner takes it until it is done: its seconds of work. */
async function awaitSyncJob(db: Db, server: ServerProcess): Promise<number> {
  let started: number | undefined;
  for (const deadline = Date.now() + SYNC_TIMEOUT_MS; Date.now() < deadline; await sleep(JOB_POLL_MS)) {
    const [job] = await db
      .select({ state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.name, ConsentSyncJob.sync))
      .orderBy(desc(jobs.id))
      .limit(1);
    if (job?.state === 'running') started ??= performance.now();
    if (job?.lastError) throw new Error(`the sync failed: ${job.lastError}\n${await logTail(server)}`);
    if (job?.state === 'done') {
      if (started === undefined) throw new Error('the sync was done before it was seen running');
      return (performance.now() - started) / 1000;
    }
  }
  throw new Error(`the sync did not finish within ${SYNC_TIMEOUT_MS / 60_000} minutes`);
}

export async function benchConsentSync(): Promise<BenchResult[]> {
  const accountCount = Math.max(1, Math.round(100 * SCALE));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bilag-bench-consent-sync-'));
  const sandbox = await startSandbox(dataDir);
  try {
    const bulk = await makeBulkAccounts(sandbox.url, accountCount);
    return await withBenchPostgres(async (database, barePool) => {
      await database.migrate();
      await seedBenchCompanies(database, 1);
      const { db } = database;
      const companyId = 1;
      const consentId = await givenBulkConsent(db, companyId, bulk);
      const alone = await readAlone(sandbox, bulk);

      const databaseUrl = barePool.options.connectionString;
      if (!databaseUrl) throw new Error('the bench database has no URL');
      const server = await startServer({ databaseUrl, sandbox, dataDir });
      try {
        const login = await callApi<{ AccessToken: string }>(
          server,
          `${ApiPrefix.account}/check-login`,
          BENCH_LOGIN,
        );
        // The jobs a server runs when it starts have run by now; what is left is the server at rest.
        await sleep(2_000);
        const idleMb = await residentMegabytes(server.child.pid, 'VmRSS');
        await resetPeakMemory(server.child.pid);
        await callApi(server, `${ApiPrefix.consent}/${consentId}/sync`, { companyId }, login.AccessToken);
        const seconds = await awaitSyncJob(db, server);
        const peakMb = await residentMegabytes(server.child.pid, 'VmHWM');

        const [stored] = await db
          .select({ rows: count() })
          .from(bankTransactions)
          .where(eq(bankTransactions.companyId, companyId));
        const rows = stored?.rows ?? 0;
        if (rows !== alone.rows) throw new Error(`the sync stored ${rows} rows of the bank's ${alone.rows}`);

        const perSecond = rows / seconds;
        const alonePerSecond = alone.rows / alone.seconds;
        process.stderr.write(
          [
            `consent sync, ${accountCount} accounts: ${rows.toLocaleString('en')} rows stored in ${round(seconds, 1)} s`,
            `  ${round(perSecond).toLocaleString('en')} rows/s; the bank answering alone ${round(alonePerSecond).toLocaleString('en')} rows/s (${round(alone.seconds, 1)} s): ${(perSecond / alonePerSecond).toFixed(2)}× (goal ≥ 0.5×)`,
            `  server RSS ${round(idleMb, 1)} MB idle before, ${round(peakMb, 1)} MB at most while syncing (goal < ${MEMORY_GOAL_MB} MB)`,
            '',
          ].join('\n'),
        );
        const label = `${accountCount} accounts × ${TRANSACTIONS_PER_ACCOUNT.toLocaleString('en')} transactions (${rows.toLocaleString('en')} rows), built server on PostgreSQL`;
        return [
          {
            name: `consent sync from the sandbox bank, ${label}: rows stored per second against the pages fetched alone`,
            ours: round(perSecond),
            baseline: round(alonePerSecond),
            unit: 'rows/s (higher is better)',
            ratio: perSecond / alonePerSecond,
            goal: '≥ 0.5× the bank answering alone',
            met: perSecond / alonePerSecond >= 0.5,
          },
          {
            name: `consent sync, ${label}: server peak memory while syncing (${round(idleMb, 1)} MB idle before)`,
            ours: round(peakMb, 1),
            baseline: MEMORY_GOAL_MB,
            unit: 'MB peak RSS (lower is better)',
            ratio: peakMb / MEMORY_GOAL_MB,
            goal: `< ${MEMORY_GOAL_MB} MB`,
            met: peakMb < MEMORY_GOAL_MB,
          },
        ];
      } finally {
        await stopServer(server);
      }
    });
  } finally {
    await stopSandbox(sandbox);
    await rm(dataDir, { recursive: true, force: true });
  }
}
