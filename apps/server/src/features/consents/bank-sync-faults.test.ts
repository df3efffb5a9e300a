import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { osloDay } from '../../providers/bank/test-support';
import { forgetFaults, moveClock, planFault } from '../../test/sandbox';
import {
  balancesOf,
  bookedAtBank,
  consentAccountsOf,
  consentRow,
  eventsOf,
  type GivenConsent,
  givenConsent,
  givenSyncWorld,
  importsOf,
  notificationsOf,
  OPERATING_ACCOUNT,
  rowsOf,
  runSyncs,
  runSyncsDueNow,
  type SyncWorld,
  syncJobsOf,
  TAX_ACCOUNT,
} from './bank-sync.fixtures';
import { enqueueConsentSync } from './bank-sync.jobs';

const transactionsPath = (consent: GivenConsent, accountNumber: string) =>
  `/psd2/dnb/v1/accounts/${consent.resourceIdOf(accountNumber)}/transactions`;

describe('the bank sync when the bank fails or refuses', () => {
  let world: SyncWorld;

  beforeAll(async () => {
    world = await givenSyncWorld({ timeoutMs: 500 });
  });
  afterEach(async () => {
    await forgetFaults(world.sandbox);
    await moveClock(world.sandbox, 0);
  });
  afterAll(() => world.close());

  it('ends a consent that expired at the bank, tells the company once, and reads no more with it', async () => {
    const consent = await givenConsent(world, { validUntil: osloDay(2) });
    await moveClock(world.sandbox, 5);
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);

    const ended = await consentRow(world, consent);
    expect(ended.status).toBe('expired');
    expect(ended.endedAt).not.toBeNull();
    expect(ended.lastError).toMatch(/expired/i);
    const events = await eventsOf(world, consent);
    expect(events.map((event) => [event.kind, event.isError])).toEqual([['ended-at-bank', true]]);
    const told = await notificationsOf(world, consent);
    expect(told.map((notification) => notification.kind)).toEqual(['consent-ended']);
    expect(told[0]?.link).toBe(`/${consent.alias}/consent`);
    expect((await syncJobsOf(world, consent)).map((job) => job.state)).toEqual(['done']);

    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);
    expect(await notificationsOf(world, consent)).toHaveLength(1);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(0);
  });

  it('takes the status the bank gives a consent ended behind its back', async () => {
    const consent = await givenConsent(world);
    await world.dnb.revokeConsent(consent.providerConsentId);
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);

    expect((await consentRow(world, consent)).status).toBe('terminatedByTpp');
    expect((await eventsOf(world, consent)).map((event) => event.kind)).toEqual(['ended-at-bank']);
    expect(await notificationsOf(world, consent)).toHaveLength(1);
  });

  it('waits as long as the bank asks when it limits the rate, without counting a failed attempt', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    await planFault(
      world.sandbox,
      transactionsPath(consent, OPERATING_ACCOUNT),
      'rate-limit;retry-after=120',
    );
    await enqueueConsentSync(world.db, consent);
    const before = Date.now();
    await runSyncsDueNow(world);

    const [job] = await syncJobsOf(world, consent);
    expect(job?.state).toBe('queued');
    expect(job?.attempts).toBe(0);
    expect(job?.runAt.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect((await consentRow(world, consent)).lastError).toBeNull();
    expect(await eventsOf(world, consent)).toHaveLength(0);

    await runSyncs(world);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(
      (await bookedAtBank(world, consent, OPERATING_ACCOUNT)).length,
    );
  });

  it('retries a bank that is down, and resumes with the accounts it had not finished', async () => {
    const consent = await givenConsent(world);
    // Three attempts of the transport: the whole first attempt of the job fails on the second account.
    await planFault(world.sandbox, transactionsPath(consent, TAX_ACCOUNT), 'server-error', 3);
    await enqueueConsentSync(world.db, consent);
    await runSyncsDueNow(world);

    const [job] = await syncJobsOf(world, consent);
    expect(job?.state).toBe('queued');
    expect(job?.attempts).toBe(1);
    const failed = await consentRow(world, consent);
    expect(failed.lastError).toMatch(/bank/i);
    const operating = await rowsOf(world, consent, OPERATING_ACCOUNT);
    expect(operating.length).toBeGreaterThan(0);
    expect(await rowsOf(world, consent, TAX_ACCOUNT)).toHaveLength(0);
    const [operatingAccount, taxAccount] = await consentAccountsOf(world, consent);
    expect(operatingAccount?.syncedThrough).toBe(osloDay(-1));
    expect(taxAccount?.syncedThrough).toBeNull();
    expect((await eventsOf(world, consent)).map((event) => [event.kind, event.isError])).toEqual([
      ['sync-failed', true],
    ]);

    await runSyncs(world);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(operating.length);
    expect(await rowsOf(world, consent, TAX_ACCOUNT)).toHaveLength(
      (await bookedAtBank(world, consent, TAX_ACCOUNT)).length,
    );
    expect((await consentRow(world, consent)).lastError).toBeNull();
    expect((await eventsOf(world, consent)).map((event) => event.kind)).toEqual(['sync-failed', 'synced']);
    expect(await notificationsOf(world, consent)).toHaveLength(0);
  });

  it('gives up on a bank that does not answer in time, and then tells the company once', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    await planFault(world.sandbox, transactionsPath(consent, OPERATING_ACCOUNT), 'slow=1500', 100);
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);

    expect((await syncJobsOf(world, consent)).map((job) => [job.state, job.attempts])).toEqual([
      ['failed', 5],
    ]);
    expect((await eventsOf(world, consent)).map((event) => event.kind)).toEqual(['sync-failed']);
    const told = await notificationsOf(world, consent);
    expect(told.map((notification) => notification.kind)).toEqual(['consent-sync-failed']);
    expect((await consentRow(world, consent)).status).toBe('valid');
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(0);
  });

  it('closes an account the bank no longer knows, and reads the others', async () => {
    const everything = await givenConsent(world);
    const consent = await givenConsent(world, {
      accounts: [OPERATING_ACCOUNT],
      extra: [{ resourceId: everything.resourceIdOf(TAX_ACCOUNT), bban: TAX_ACCOUNT }],
    });
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);

    const accounts = await consentAccountsOf(world, consent);
    expect(accounts.map((account) => [account.bban, account.status])).toEqual([
      [OPERATING_ACCOUNT, 'enabled'],
      [TAX_ACCOUNT, 'closed'],
    ]);
    expect((await eventsOf(world, consent)).map((event) => [event.kind, event.details])).toEqual([
      ['account-closed', { account: TAX_ACCOUNT }],
      ['synced', { accounts: 1, imported: expect.any(Number), duplicates: 0 }],
    ]);
    expect((await rowsOf(world, consent, OPERATING_ACCOUNT)).length).toBeGreaterThan(0);

    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);
    expect((await eventsOf(world, consent)).filter((event) => event.kind === 'account-closed')).toHaveLength(
      1,
    );
  });

  it('keeps nothing of an account whose run was cut off before its commit, and stores it once on the rerun', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    // The database fails the run's last write, after the account's rows and import are in.
    await world.db.execute(sql`create function fail_account_sync() returns trigger language plpgsql as $$
      begin raise exception 'the process was killed'; end $$`);
    await world.db.execute(sql`create trigger cut_off_sync before update on bank_consent_accounts
      for each row execute function fail_account_sync()`);
    try {
      await enqueueConsentSync(world.db, consent);
      await runSyncsDueNow(world);
    } finally {
      await world.db.execute(sql`drop trigger cut_off_sync on bank_consent_accounts`);
      await world.db.execute(sql`drop function fail_account_sync()`);
    }
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(0);
    expect(await importsOf(world, consent)).toHaveLength(0);
    expect(await balancesOf(world, consent)).toHaveLength(0);
    expect((await syncJobsOf(world, consent)).map((job) => job.state)).toEqual(['queued']);

    await runSyncs(world);
    const rows = await rowsOf(world, consent, OPERATING_ACCOUNT);
    expect(rows).toHaveLength((await bookedAtBank(world, consent, OPERATING_ACCOUNT)).length);
    expect(new Set(rows.map((row) => row.fingerprint)).size).toBe(rows.length);
    expect(await importsOf(world, consent)).toHaveLength(1);
  });
});
