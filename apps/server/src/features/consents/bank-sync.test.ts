import { randomUUID } from 'node:crypto';
import { PaymentStatus, PaymentType } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankConsents, payments } from '../../db/schema';
import { ensureSchedules, runDueJobs } from '../../platform/jobs';
import { osloDay } from '../../providers/bank/test-support';
import { importInOneStep } from '../../test/fixtures';
import { dnbCsv } from '../imports/__fixtures__/statements';
import {
  asCsvRow,
  balancesOf,
  bookedAtBank,
  camtOfBooked,
  consentAccountsOf,
  consentRow,
  eventsOf,
  type GivenConsent,
  givenConsent,
  givenSyncWorld,
  importsOf,
  OPERATING_ACCOUNT,
  rowsOf,
  runSyncs,
  type SyncWorld,
  syncJobsOf,
  TAX_ACCOUNT,
} from './bank-sync.fixtures';
import { ConsentSyncJob, consentSyncJobs, enqueueConsentSync, syncingConsentIds } from './bank-sync.jobs';

const referencesOf = (rows: { fingerprint: string }[]) => rows.map((row) => row.fingerprint).sort();
const bankReferencesOf = (booked: { entryReference: string | undefined; transactionId: string }[]) =>
  booked.map((transaction) => `ref:${transaction.entryReference ?? transaction.transactionId}`).sort();

describe('the bank sync of a consent', () => {
  let world: SyncWorld;

  beforeAll(async () => {
    world = await givenSyncWorld();
  });
  afterAll(() => world.close());

  async function sync(consent: GivenConsent) {
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);
  }

  it("stores the bank's booked transactions and closing balance of each account, and a second sync adds nothing", async () => {
    const consent = await givenConsent(world);
    await sync(consent);

    for (const accountNumber of [OPERATING_ACCOUNT, TAX_ACCOUNT]) {
      const booked = await bookedAtBank(world, consent, accountNumber);
      expect(booked.length).toBeGreaterThan(0);
      const rows = await rowsOf(world, consent, accountNumber);
      expect(referencesOf(rows)).toEqual(bankReferencesOf(booked));
      const first = booked[0];
      const stored = rows.find((row) => row.fingerprint === `ref:${first?.entryReference}`);
      expect(stored).toMatchObject({
        bookingDate: first?.bookingDate,
        amountOre: Number(first?.amount.amount),
        text: first?.message ?? first?.creditorName ?? first?.debtorName ?? '',
        kid: first?.kid ?? null,
        endToEndId: first?.endToEndId ?? null,
      });
    }
    const balances = await world.dnb.getBalances(
      { consentId: consent.providerConsentId },
      consent.resourceIdOf(OPERATING_ACCOUNT),
    );
    const closing = balances.find((balance) => balance.type === 'closingBooked');
    expect(await balancesOf(world, consent)).toContainEqual(
      expect.objectContaining({
        companyBankId: consent.companyBankIdOf(OPERATING_ACCOUNT),
        balanceDate: osloDay(-1),
        balanceType: 'CLBD',
        source: 'DNB_53',
        amountOre: Number(closing?.amount.amount),
      }),
    );
    // Each account of the consent shows its own balance from the bank.
    const listed = await world.app.inject({
      method: 'GET',
      url: `/api/consent/account-list?companyId=${consent.companyId}`,
      headers: { authorization: `Bearer ${world.session.AccessToken}` },
    });
    const stored = await balancesOf(world, consent);
    for (const account of listed.json().data as { companyBankId: number; balance: { amountOre: number } }[]) {
      const own = stored.find((balance) => balance.companyBankId === account.companyBankId);
      expect(account.balance.amountOre).toBe(own?.amountOre);
    }
    expect(new Set(stored.map((balance) => balance.amountOre)).size).toBe(2);
    const imports = await importsOf(world, consent);
    expect(imports).toHaveLength(2);
    expect(imports.every((entry) => entry.format === 'bank-api' && entry.duplicates === 0)).toBe(true);
    expect(imports[0]?.fileName.endsWith(` ${osloDay(0)}`)).toBe(true);
    const accounts = await consentAccountsOf(world, consent);
    expect(accounts.map((account) => account.syncedThrough)).toEqual([osloDay(-1), osloDay(-1)]);
    const afterFirst = await consentRow(world, consent);
    expect(afterFirst.lastSyncAt).not.toBeNull();
    expect(afterFirst.lastError).toBeNull();

    await sync(consent);
    const total = (await rowsOf(world, consent, OPERATING_ACCOUNT)).length;
    expect(total).toBe((await bookedAtBank(world, consent, OPERATING_ACCOUNT)).length);
    expect(await importsOf(world, consent)).toHaveLength(2);
    const synced = (await eventsOf(world, consent)).filter((event) => event.kind === 'synced');
    expect(synced.map((event) => event.details)).toEqual([
      { accounts: 2, imported: imports.reduce((sum, entry) => sum + entry.imported, 0), duplicates: 0 },
      { accounts: 2, imported: 0, duplicates: expect.any(Number) },
    ]);
  });

  it('adds nothing a camt.053 file of the same days already brought, and only the days the file did not have', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const booked = await bookedAtBank(world, consent, OPERATING_ACCOUNT);
    const lastDays = booked.filter((transaction) => (transaction.bookingDate ?? '') >= osloDay(-10));
    expect(lastDays.length).toBeGreaterThan(0);
    const file = camtOfBooked('SYNC-CAMT', lastDays);
    const imported = await importInOneStep(
      world.app,
      world.session,
      { companyId: consent.companyId, companyBankId: consent.companyBankIdOf(OPERATING_ACCOUNT) },
      { name: 'statement.xml', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(lastDays.length);

    await sync(consent);
    const rows = await rowsOf(world, consent, OPERATING_ACCOUNT);
    expect(rows).toHaveLength(booked.length);
    expect(rows.filter((row) => row.bookingDate >= osloDay(-10)).every((row) => row.importId !== null)).toBe(
      true,
    );
    const fromFile = rows.filter((row) => row.fingerprint.startsWith('ref:FILE-'));
    expect(fromFile).toHaveLength(lastDays.length);
  });

  it('adds nothing after a DNB spreadsheet of the same days, and a sync, a file and a sync add nothing twice', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const booked = await bookedAtBank(world, consent, OPERATING_ACCOUNT);
    const lastDays = booked.filter((transaction) => (transaction.bookingDate ?? '') >= osloDay(-5));
    const csv = dnbCsv(lastDays.map(asCsvRow));
    const target = {
      companyId: consent.companyId,
      companyBankId: consent.companyBankIdOf(OPERATING_ACCOUNT),
    };
    expect(
      (await importInOneStep(world.app, world.session, target, { name: 'dnb.csv', bytes: csv })).statusCode,
    ).toBe(200);
    const fromFile = await rowsOf(world, consent, OPERATING_ACCOUNT);
    expect(fromFile.length).toBeGreaterThan(0);
    expect(fromFile).toHaveLength(lastDays.length);
    await sync(consent);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length);

    await sync(consent);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length);
  });

  it('marks paid a payment the bank shows carried out, with its end-to-end id and amount', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const booked = await bookedAtBank(world, consent, OPERATING_ACCOUNT);
    const paidAtBank = booked.find(
      (transaction) => transaction.endToEndId !== undefined && Number(transaction.amount.amount) < 0,
    );
    if (!paidAtBank?.endToEndId) throw new Error('the sandbox paid nothing with an end-to-end id');
    const [payment] = await world.db
      .insert(payments)
      .values({
        companyId: consent.companyId,
        uuid: randomUUID(),
        type: PaymentType.DOMESTIC,
        source: 0,
        status: PaymentStatus.PROCESSING,
        debtorCompanyBankId: consent.companyBankIdOf(OPERATING_ACCOUNT),
        debtorAccountNumber: OPERATING_ACCOUNT,
        creditorName: paidAtBank.creditorName ?? 'Leverandør',
        creditorAccount: '12060000019',
        amountOre: -Number(paidAtBank.amount.amount),
        dueDate: paidAtBank.bookingDate ?? osloDay(-1),
        endToEndId: paidAtBank.endToEndId,
      })
      .returning();
    if (!payment) throw new Error('the payment was not stored');
    await sync(consent);
    const [row] = await world.db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, consent.companyId), eq(payments.id, payment.id)));
    expect(row?.status).toBe(PaymentStatus.PAID);
  });

  it('queues one sync per consent however often it is asked, and says which consents are syncing', async () => {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    await enqueueConsentSync(world.db, consent);
    await enqueueConsentSync(world.db, consent);
    expect(await syncJobsOf(world, consent)).toHaveLength(1);
    expect(await syncingConsentIds(world.db, consent.companyId)).toEqual(new Set([consent.consentId]));
    await runSyncs(world);
    expect(await syncingConsentIds(world.db, consent.companyId)).toEqual(new Set());
  });

  it('queues by its schedule the consents whose reads per day allow another, and no others', async () => {
    const due = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const recent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const ended = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    // 24 reads a day: one an hour.
    await world.db
      .update(bankConsents)
      .set({ lastSyncAt: hoursAgo(2) })
      .where(eq(bankConsents.companyId, due.companyId));
    await world.db
      .update(bankConsents)
      .set({ lastSyncAt: hoursAgo(0.5) })
      .where(eq(bankConsents.companyId, recent.companyId));
    await world.db
      .update(bankConsents)
      .set({ status: 'revokedByPsu', endedAt: new Date() })
      .where(eq(bankConsents.companyId, ended.companyId));

    const jobs = consentSyncJobs({ db: world.db, providers: world.providers });
    const schedule = jobs.schedules.filter((entry) => entry.name === ConsentSyncJob.due);
    await ensureSchedules(world.db, schedule);
    const findDue = jobs.handlers[ConsentSyncJob.due];
    if (!findDue) throw new Error('the schedule has no handler');
    await runDueJobs(world.db, { handlers: { [ConsentSyncJob.due]: findDue }, schedules: schedule });

    expect(await syncingConsentIds(world.db, due.companyId)).toEqual(new Set([due.consentId]));
    expect(await syncingConsentIds(world.db, recent.companyId)).toEqual(new Set());
    expect(await syncingConsentIds(world.db, ended.companyId)).toEqual(new Set());
    await runSyncs(world);
  });
});
