import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, storedFiles } from '../../db/schema';
import { productJobs } from '../../jobs';
import { enqueueJob, runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { givenTenancy, givenVoucher } from '../../test/fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import { ORPHAN_AGE_MS, ORPHAN_SWEEP_JOB } from './orphan-sweep';

describe('the sweep of stored files that no row names', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  const filesDir = () => path.join(context.dataDir, 'files');

  beforeAll(async () => {
    context = await createTestApp();
    tenancy = await givenTenancy(context);
  });
  afterAll(() => context.close());

  function givenFile(key: string, ageMs: number) {
    const file = path.join(filesDir(), key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'bytes');
    age(key, ageMs);
    return key;
  }

  function age(key: string, ageMs: number) {
    const then = new Date(Date.now() - ageMs);
    utimesSync(path.join(filesDir(), key), then, then);
  }

  const stored = (key: string) => existsSync(path.join(filesDir(), key));

  it('removes old files of any company that no row names, and keeps named and recent ones', async () => {
    const voucher = await givenVoucher(context.app, tenancy.session, tenancy.companyId, {});
    const [named] = await context.db.select().from(storedFiles).where(eq(storedFiles.ownerId, voucher.Id));
    if (!named) throw new Error('the voucher has no file');
    const old = ORPHAN_AGE_MS + 60 * 60_000;
    age(named.storageKey, old);
    const orphan = givenFile(`companies/${tenancy.companyId}/files/left-by-a-kill.pdf`, old);
    const otherCompanysOrphan = givenFile(
      `companies/${tenancy.outsiderCompanyId}/mail/left-by-a-kill.eml`,
      old,
    );
    // Written an hour ago: its transaction could in principle still be about to name it.
    const recent = givenFile(`companies/${tenancy.companyId}/files/just-written.pdf`, 60 * 60_000);
    const outsideTheCompanies = givenFile('ehf-reports/1-1.csv', old);

    const { handlers } = productJobs({
      db: context.db,
      // The sweep reaches no outside party; the clients are made and never called.
      providers: createProviders(testConfig().providers),
      config: { publicUrl: 'http://localhost', dataDir: context.dataDir },
    });
    await enqueueJob(context.db, { name: ORPHAN_SWEEP_JOB, payload: {} });
    await runJobsUntilIdle(context.db, {
      handlers: { [ORPHAN_SWEEP_JOB]: handlers[ORPHAN_SWEEP_JOB] ?? fail },
    });
    const [job] = await context.db.select().from(jobs).where(eq(jobs.name, ORPHAN_SWEEP_JOB));
    expect(job).toMatchObject({ state: 'done', lastError: null });

    expect(stored(orphan)).toBe(false);
    expect(stored(otherCompanysOrphan)).toBe(false);
    expect(stored(named.storageKey)).toBe(true);
    expect(stored(recent)).toBe(true);
    expect(stored(outsideTheCompanies)).toBe(true);
    const download = await tenancy.call(
      'GET',
      `/api/main/voucher/${voucher.Id}?companyId=${tenancy.companyId}`,
    );
    expect(download.statusCode).toBe(200);
  });
});

function fail(): never {
  throw new Error('the product has no orphan sweep job');
}
