import { randomBytes } from 'node:crypto';
import { addDays, todayIsoDate } from '@bilag/domain';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import {
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
  bankImports,
  banks,
  bankTransactions,
  companies,
  companyBanks,
  jobs,
  users,
} from '../../db/schema';
import { createProviders } from '../../providers';
import { planFault, type RunningSandbox } from '../../test/sandbox';
import { type CrashScene, crashTestsCanRun, startCrashScene, until } from '../../test/server-process';
import { ConsentSyncJob, enqueueConsentSync } from './bank-sync.jobs';

/**
 * The server is a real process here, started as `npm start` starts it, and its job runner syncs a consent
 * of several accounts at the sandbox's DNB. It is killed with SIGKILL once the first account is stored,
 * while a later account is still being read: each account is one database transaction (ADR 0010), so every
 * account holds either all of the bank's rows or none of them. The restarted server takes the job over
 * once its lock has passed and ends with every account equal to the bank's, nothing twice.
 *
 * It makes its own PostgreSQL database whatever driver the run is for, so it runs in the embedded pass
 * only, and not at all where no PostgreSQL server answers.
 */

const BAKERY_ORGANISATION_NUMBER = '923456783';
const DEMO_LOGIN = 'regnskap@demo.no';
const ACCOUNTS = 4;
/** Fifteen pages of the bank's each, enough for storing an account to take a moment. */
const TRANSACTIONS_PER_ACCOUNT = 1500;
/** Within the sync's first read of 90 days, so the run reads every transaction the bank holds. */
const DAYS = 60;
/** How long the bank takes to answer the third account's balances: the kill lands meanwhile. */
const SLOW_ACCOUNT_MS = 5000;

const canRun = await crashTestsCanRun();

type BulkAccounts = { consentId: string; accounts: { resourceId: string; bban: string; iban: string }[] };

async function givenBulkAccounts(sandbox: RunningSandbox): Promise<BulkAccounts> {
  const response = await fetch(`${sandbox.url}/sandbox/banks/dnb/bulk-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organisationNumber: BAKERY_ORGANISATION_NUMBER,
      accounts: ACCOUNTS,
      transactionsPerAccount: TRANSACTIONS_PER_ACCOUNT,
      days: DAYS,
      seed: `crash-${randomBytes(4).toString('hex')}`,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as BulkAccounts;
}

/**
 * The bulk consent as the bakery's valid consent, with its accounts joined to the company as the consent
 * pages join them. It counts as synced just now, so the server's schedule leaves it alone.
 */
async function givenBulkConsent(db: DatabaseHandle['db'], bulk: BulkAccounts) {
  const [bakery] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.organisationNumber, BAKERY_ORGANISATION_NUMBER));
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN));
  const [bank] = await db.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  if (!bakery || !member || !bank) throw new Error('the demo data has no bakery, member or DNB');
  const [consent] = await db
    .insert(bankConsents)
    .values({
      companyId: bakery.id,
      bankId: bank.id,
      bankGroup: 'dnb',
      providerConsentId: bulk.consentId,
      instructionId: `crash-${bulk.consentId}`,
      status: 'valid',
      frequencyPerDay: 4,
      requestedAccounts: [],
      createdBy: member.id,
      lastSyncAt: new Date(),
    })
    .returning({ id: bankConsents.id });
  if (!consent) throw new Error('the consent was not stored');
  const accounts: { resourceId: string; companyBankId: number }[] = [];
  for (const account of bulk.accounts) {
    const [companyBank] = await db
      .insert(companyBanks)
      .values({ companyId: bakery.id, accountNumber: account.bban, bankId: bank.id })
      .returning({ id: companyBanks.id });
    if (!companyBank) throw new Error('the account was not stored');
    await db.insert(bankConsentAccounts).values({
      companyId: bakery.id,
      consentId: consent.id,
      resourceId: account.resourceId,
      iban: account.iban,
      bban: account.bban,
      companyBankId: companyBank.id,
    });
    accounts.push({ resourceId: account.resourceId, companyBankId: companyBank.id });
  }
  return { companyId: bakery.id, consentId: consent.id, accounts };
}

describe.skipIf(!canRun)('a server killed in the middle of a bank sync', () => {
  let scene: CrashScene | undefined;

  beforeAll(async () => {
    scene = await startCrashScene();
  }, 60_000);

  afterAll(() => scene?.close());

  it('leaves each account whole or untouched, and the restarted server finishes the sync once', async () => {
    if (!scene) throw new Error('the set-up did not finish');
    const { sandbox } = scene;
    const { db } = scene.database;
    const bulk = await givenBulkAccounts(sandbox);
    const { companyId, consentId, accounts } = await givenBulkConsent(db, bulk);

    const dnb = createProviders(sandbox.providers).banks.forGroup('dnb');
    if (!dnb) throw new Error('the product has no DNB client');
    const dateFrom = addDays(todayIsoDate('Europe/Oslo'), -DAYS - 1);
    const atBank = new Map<number, string[]>();
    for (const account of accounts) {
      const { booked } = await dnb.listTransactions({ consentId: bulk.consentId }, account.resourceId, {
        dateFrom,
        bookingStatus: 'booked',
      });
      atBank.set(
        account.companyBankId,
        booked.map((transaction) => `ref:${transaction.entryReference ?? transaction.transactionId}`).sort(),
      );
    }
    const stored = async (companyBankId: number) =>
      (
        await db
          .select({ fingerprint: bankTransactions.fingerprint })
          .from(bankTransactions)
          .where(eq(bankTransactions.companyBankId, companyBankId))
      )
        .map((row) => row.fingerprint)
        .sort();
    const importsOf = async (companyBankId: number) =>
      (
        await db
          .select({ imports: count() })
          .from(bankImports)
          .where(and(eq(bankImports.companyBankId, companyBankId), eq(bankImports.format, 'bank-api')))
      )[0]?.imports;
    const syncedAccounts = async () =>
      (
        await db
          .select({ synced: count() })
          .from(bankConsentAccounts)
          .where(
            and(eq(bankConsentAccounts.consentId, consentId), isNotNull(bankConsentAccounts.syncedThrough)),
          )
      )[0]?.synced ?? 0;
    const thisSync = and(
      eq(jobs.name, ConsentSyncJob.sync),
      sql`${jobs.payload}->>'consentId' = ${String(consentId)}`,
    );
    const syncJob = async () => {
      const [job] = await db.select().from(jobs).where(thisSync);
      return job;
    };
    const thirdAccount = accounts[2]?.resourceId;
    await planFault(sandbox, `/psd2/dnb/v1/accounts/${thirdAccount}/balances`, `slow=${SLOW_ACCOUNT_MS}`);

    await enqueueConsentSync(db, { companyId, consentId });
    await until('the server to store the first account', async () =>
      (await syncedAccounts()) > 0 ? true : undefined,
    );
    scene.server.child.kill('SIGKILL');
    expect(await scene.server.exited).toBe('SIGKILL');

    // Nothing partial: each account holds every row of the bank's with its import and how far it is
    // read, or nothing at all. The kill came after the first account and before the last.
    const whole: number[] = [];
    for (const account of accounts) {
      const rows = await stored(account.companyBankId);
      const [consentAccount] = await db
        .select({ syncedThrough: bankConsentAccounts.syncedThrough })
        .from(bankConsentAccounts)
        .where(eq(bankConsentAccounts.companyBankId, account.companyBankId));
      if (rows.length === 0) {
        expect(await importsOf(account.companyBankId)).toBe(0);
        expect(consentAccount?.syncedThrough).toBeNull();
      } else {
        expect(rows).toEqual(atBank.get(account.companyBankId));
        expect(await importsOf(account.companyBankId)).toBe(1);
        expect(consentAccount?.syncedThrough).not.toBeNull();
        whole.push(account.companyBankId);
      }
    }
    expect(whole).toContain(accounts[0]?.companyBankId);
    expect(whole).not.toContain(accounts.at(-1)?.companyBankId);
    expect(await syncJob()).toMatchObject({ state: 'running', attempts: 1 });

    await scene.restart();
    // The dead process's lock would pass in five minutes; the test lets it pass now.
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(thisSync);
    const finished = await until(
      'the restarted server to finish the sync',
      async () => {
        const job = await syncJob();
        return job?.state === 'done' ? job : undefined;
      },
      20_000,
    );
    expect(finished).toMatchObject({ attempts: 2, lastError: null });

    for (const account of accounts) {
      expect(await stored(account.companyBankId)).toEqual(atBank.get(account.companyBankId));
      // The accounts stored before the kill are read again and find nothing new: no second import.
      expect(await importsOf(account.companyBankId)).toBe(1);
    }
    expect(await syncedAccounts()).toBe(ACCOUNTS);
    const events = await db
      .select({ kind: bankConsentEvents.kind, isError: bankConsentEvents.isError })
      .from(bankConsentEvents)
      .where(eq(bankConsentEvents.consentId, consentId))
      .orderBy(asc(bankConsentEvents.id));
    expect(events).toEqual([{ kind: 'synced', isError: false }]);
  }, 60_000);
});
