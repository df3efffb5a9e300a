import { type ImportJob, importDataUpload, importFileUpload, importJob, routePath } from '@bilag/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankImportJobs, bankImports, bankTransactions, companies, companyBanks } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed-demo';
import { type Browser, call, signIn } from '../../test/http-client';
import {
  type CrashScene,
  crashTestsCanRun,
  holdTable,
  startCrashScene,
  until,
  untilWaitingToWrite,
} from '../../test/server-process';
import { dnbCsv } from './__fixtures__/statements';

/**
 * The server is a real process here, started as `npm start` starts it, and imports a statement into an
 * account that already holds transactions. It is killed with SIGKILL once every row is written and before
 * the import's transaction commits: the import is one database transaction, so the account holds every
 * row of the file or none, and the job, which no process runs any more, is told as interrupted once its
 * heartbeat is old enough to be sure of it. Started again, the import brings in every row once.
 *
 * It makes its own PostgreSQL database whatever driver the run is for, so it runs in the embedded pass
 * only, and not at all where no PostgreSQL server answers.
 */

const BAKERY_ALIAS = 'nordlys-bakeri';
const OPERATING_ACCOUNT = '15030123457';
/** A statement of a busy shop over a year: the rows are staged and checked for repeats, as any import's. */
const ROWS = 20_000;

const canRun = await crashTestsCanRun();

/** A netbank export of ROWS distinct card purchases in 2023, a year the demo account holds nothing of. */
function largeStatement() {
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const day = String((index % 28) + 1).padStart(2, '0');
    const month = String((Math.floor(index / 28) % 12) + 1).padStart(2, '0');
    return {
      date: `${day}.${month}.2023`,
      text: `Varekjøp butikk ${index + 1}`,
      out: `${(index % 900) + 10},50`,
    };
  });
  return dnbCsv(rows);
}

describe.skipIf(!canRun)('a server killed in the middle of a statement import', () => {
  let scene: CrashScene | undefined;

  beforeAll(async () => {
    scene = await startCrashScene();
  }, 60_000);

  afterAll(() => scene?.close());

  it('keeps all of the file or none, tells the job interrupted, and imports every row once when started again', async () => {
    if (!scene) throw new Error('the set-up did not finish');
    const { db } = scene.database;
    const baseUrl = `http://127.0.0.1:${scene.port}`;
    const kari: Browser = await signIn(baseUrl, 'regnskap@demo.no', DEMO_PASSWORD);
    const [account] = await db
      .select({ id: companyBanks.id, companyId: companyBanks.companyId })
      .from(companyBanks)
      .innerJoin(companies, eq(companies.id, companyBanks.companyId))
      .where(and(eq(companies.alias, BAKERY_ALIAS), eq(companyBanks.accountNumber, OPERATING_ACCOUNT)));
    if (!account) throw new Error('the demo data has no operating account for the bakery');
    const companyId = account.companyId;
    const transactionCount = async () =>
      (
        await db
          .select({ rows: count() })
          .from(bankTransactions)
          .where(
            and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.companyBankId, account.id)),
          )
      )[0]?.rows ?? 0;
    const importCount = async () =>
      (
        await db
          .select({ imports: count() })
          .from(bankImports)
          .where(and(eq(bankImports.companyId, companyId), eq(bankImports.companyBankId, account.id)))
      )[0]?.imports ?? 0;
    const transactionsBefore = await transactionCount();
    const importsBefore = await importCount();
    expect(transactionsBefore).toBeGreaterThan(0);

    const form = new FormData();
    form.set('companyId', String(companyId));
    form.set('companyBankId', String(account.id));
    form.set('file', new Blob([largeStatement()], { type: 'text/csv' }), 'dnb-2023.csv');
    const uploaded = await fetch(`${baseUrl}${routePath(importFileUpload, {})}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kari.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const job = importFileUpload.reply.parse(await uploaded.json()).data;
    const jobRow = async () => {
      const [row] = await db
        .select()
        .from(bankImportJobs)
        .where(and(eq(bankImportJobs.companyId, companyId), eq(bankImportJobs.id, job.Id)));
      return row;
    };

    // The test holds the audit log, which the import writes last in its transaction: the kill lands
    // with every row of the file written and nothing committed.
    const auditLog = await holdTable(db, 'audit_log');
    await call(kari, importDataUpload, { body: { companyId, jobId: job.Id } });
    await untilWaitingToWrite(db, 'audit_log');
    scene.server.child.kill('SIGKILL');
    expect(await scene.server.exited).toBe('SIGKILL');
    await auditLog.release();

    // None of its rows were kept, and the job is left running, as the dead process left it.
    const interrupted = await jobRow();
    expect(interrupted?.status).toBe('running');
    expect(await transactionCount()).toBe(transactionsBefore);
    expect(await importCount()).toBe(importsBefore);

    await scene.restart();
    const poll = () => call(kari, importJob, { params: { jobId: job.Id }, query: { companyId } });
    // A heartbeat this fresh may still be a live process's: the restarted server leaves the job alone.
    expect((await poll()).Status).toBe('running');
    // Two minutes on, no process has beaten for it: the next poll tells it interrupted.
    await db
      .update(bankImportJobs)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(eq(bankImportJobs.id, job.Id));
    const failed = await poll();
    expect(failed).toMatchObject({ Status: 'failed' });
    expect(failed.Error).toContain('interrupted');

    await call(kari, importDataUpload, { body: { companyId, jobId: job.Id } });
    const finished: ImportJob = await until(
      'the import started again to finish',
      async () => {
        const polled = await poll();
        return polled.Status === 'running' ? undefined : polled;
      },
      60_000,
    );
    expect(finished).toMatchObject({ Status: 'completed', Imported: ROWS, Duplicates: 0, Refused: 0 });
    expect(await transactionCount()).toBe(transactionsBefore + ROWS);
    expect(await importCount()).toBe(importsBefore + 1);
  }, 120_000);
});
