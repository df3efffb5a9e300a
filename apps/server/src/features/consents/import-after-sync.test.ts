import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankImports } from '../../db/schema';
import { osloDay } from '../../providers/bank/test-support';
import { importInOneStep } from '../../test/fixtures';
import { dnbCsv } from '../imports/__fixtures__/statements';
import {
  asCsvRow,
  bookedAtBank,
  camtOfBooked,
  csvRow,
  type GivenConsent,
  givenConsent,
  givenSyncWorld,
  OPERATING_ACCOUNT,
  rowsOf,
  runSyncs,
  type SyncWorld,
} from './bank-sync.fixtures';
import { enqueueConsentSync } from './bank-sync.jobs';

/** A day more than the first sync's 90 days ago, which no sync has read. */
const UNSYNCED_DAY = osloDay(-120);

describe('a statement file imported after a bank sync', () => {
  let world: SyncWorld;

  beforeAll(async () => {
    world = await givenSyncWorld();
  });
  afterAll(() => world.close());

  /** A consent for the operating account, synced once, and the bank's booked transactions it read. */
  async function givenSyncedAccount() {
    const consent = await givenConsent(world, { accounts: [OPERATING_ACCOUNT] });
    await enqueueConsentSync(world.db, consent);
    await runSyncs(world);
    const booked = await bookedAtBank(world, consent, OPERATING_ACCOUNT);
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length);
    return { consent, booked };
  }

  async function importFile(consent: GivenConsent, name: string, bytes: Uint8Array) {
    const response = await importInOneStep(
      world.app,
      world.session,
      { companyId: consent.companyId, companyBankId: consent.companyBankIdOf(OPERATING_ACCOUNT) },
      { name, bytes },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [outcome] = response.json().data as { ImportId: number; Imported: number; Duplicates: number }[];
    if (!outcome) throw new Error('the import answered no outcome');
    return outcome;
  }

  async function importRecord(consent: GivenConsent, importId: number) {
    const [record] = await world.db
      .select()
      .from(bankImports)
      .where(and(eq(bankImports.companyId, consent.companyId), eq(bankImports.id, importId)));
    return record;
  }

  it("adds nothing from a spreadsheet or a camt.053 of the synced days, and counts the bank's rows as duplicates", async () => {
    const { consent, booked } = await givenSyncedAccount();
    const lastDays = booked.filter((transaction) => (transaction.bookingDate ?? '') >= osloDay(-10));
    expect(lastDays.length).toBeGreaterThan(1);

    const spreadsheet = await importFile(consent, 'dnb.csv', dnbCsv(lastDays.map(asCsvRow)));
    expect(spreadsheet).toMatchObject({ Imported: 0, Duplicates: lastDays.length });
    expect(await importRecord(consent, spreadsheet.ImportId)).toMatchObject({
      imported: 0,
      duplicates: lastDays.length,
    });

    const statement = camtOfBooked('AFTER-SYNC', lastDays);
    expect(await importFile(consent, 'statement.xml', statement)).toMatchObject({
      Imported: 0,
      Duplicates: lastDays.length,
    });
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length);
  });

  it('adds exactly the one real row more that a file has on a synced day, and nothing when it comes again', async () => {
    const { consent, booked } = await givenSyncedAccount();
    const paidTwice = booked.find((transaction) => (transaction.bookingDate ?? '') >= osloDay(-10));
    if (!paidTwice?.bookingDate) throw new Error('the bank booked nothing in the last ten days');
    const day = paidTwice.bookingDate;
    const ofTheDay = booked.filter((transaction) => transaction.bookingDate === day);
    // The same payment made twice that day: the bank reported it once, the file has it twice.
    const file = dnbCsv([...ofTheDay.map(asCsvRow), asCsvRow(paidTwice)]);

    const first = await importFile(consent, 'dnb.csv', file);
    expect(first).toMatchObject({ Imported: 1, Duplicates: ofTheDay.length });
    const rows = await rowsOf(world, consent, OPERATING_ACCOUNT);
    expect(rows).toHaveLength(booked.length + 1);
    const added = rows.filter((row) => row.importId === first.ImportId);
    expect(added).toEqual([
      expect.objectContaining({ bookingDate: day, amountOre: Number(paidTwice.amount.amount) }),
    ]);

    expect(await importFile(consent, 'dnb.csv', file)).toMatchObject({
      Imported: 0,
      Duplicates: ofTheDay.length + 1,
    });
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length + 1);
  });

  it('adds the rows of days no sync read as before, two identical payments included, and only once', async () => {
    const { consent, booked } = await givenSyncedAccount();
    const lastDay = booked.at(-1);
    if (!lastDay?.bookingDate) throw new Error('the bank booked nothing');
    const ofLastDay = booked.filter((transaction) => transaction.bookingDate === lastDay.bookingDate);
    const unsynced = [
      csvRow(UNSYNCED_DAY, -12_350, 'Varekjøp REMA 1000 OSLO'),
      csvRow(UNSYNCED_DAY, -12_350, 'Varekjøp REMA 1000 OSLO'),
      csvRow(UNSYNCED_DAY, 1_250_000, 'Innbetaling fra Kunde AS'),
    ];
    const file = dnbCsv([...unsynced, ...ofLastDay.map(asCsvRow)]);

    const first = await importFile(consent, 'dnb.csv', file);
    expect(first).toMatchObject({ Imported: unsynced.length, Duplicates: ofLastDay.length });
    const added = (await rowsOf(world, consent, OPERATING_ACCOUNT)).filter(
      (row) => row.importId === first.ImportId,
    );
    expect(added.map((row) => [row.bookingDate, row.amountOre])).toEqual([
      [UNSYNCED_DAY, -12_350],
      [UNSYNCED_DAY, -12_350],
      [UNSYNCED_DAY, 1_250_000],
    ]);

    expect(await importFile(consent, 'dnb.csv', file)).toMatchObject({
      Imported: 0,
      Duplicates: unsynced.length + ofLastDay.length,
    });
    expect(await rowsOf(world, consent, OPERATING_ACCOUNT)).toHaveLength(booked.length + unsynced.length);
  });
});
