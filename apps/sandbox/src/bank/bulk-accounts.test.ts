import { addDays, oreFromDecimal } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  approvedConsent,
  BAKERY,
  BAKERY_OPERATING,
  daysFromToday,
  givenSandbox,
  moveClock,
  readAccounts,
} from './test-support';

type MadeAccounts = {
  consentId: string;
  accounts: { resourceId: string; bban: string; iban: string; transactions: number }[];
};

type Transaction = { transactionId: string; entryReference: string; bookingDate: string };
type TransactionsAnswer = {
  transactions: { booked: Transaction[]; pending: unknown[]; _links: { next?: { href: string } } };
};

async function makeBulkAccounts(app: Sandbox, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/sandbox/banks/dnb/bulk-accounts', payload: body });
}

/** Every booked transaction of the period, following the bank's next links. */
async function allTransactions(app: Sandbox, consentId: string, resourceId: string, from: string) {
  const booked: Transaction[] = [];
  let path = `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=${from}`;
  for (;;) {
    const answer = await readAccounts(app, consentId, path);
    expect(answer.statusCode).toBe(200);
    const { transactions } = answer.json() as TransactionsAnswer;
    booked.push(...transactions.booked);
    const next = transactions._links.next?.href;
    if (!next) return booked;
    path = next.replace(/^\/v1/, '');
  }
}

describe('bulk accounts for load tests', () => {
  let app: Sandbox;
  let made: MadeAccounts;

  beforeAll(async () => {
    app = await givenSandbox();
    const answer = await makeBulkAccounts(app, {
      organisationNumber: BAKERY,
      accounts: 3,
      transactionsPerAccount: 250,
      days: 30,
      seed: 'test',
    });
    expect(answer.statusCode).toBe(201);
    made = answer.json() as MadeAccounts;
  });
  afterAll(() => app.close());

  it('lists the accounts under the consent it made, without the person approving anything', async () => {
    const answer = await readAccounts(app, made.consentId, '/accounts');
    expect(answer.statusCode).toBe(200);
    const accounts = answer.json().accounts as { resourceId: string; bban: string; status: string }[];
    expect(accounts.map((account) => account.bban)).toEqual(made.accounts.map((account) => account.bban));
    expect(accounts.every((account) => account.status === 'enabled')).toBe(true);
    expect(new Set(made.accounts.map((account) => account.bban)).has(BAKERY_OPERATING)).toBe(false);
  });

  it('answers every transaction asked for once, newest first, in pages of 100 over the days asked for', async () => {
    const [account] = made.accounts;
    if (!account) throw new Error('no account was made');
    const booked = await allTransactions(app, made.consentId, account.resourceId, daysFromToday(-40));
    expect(booked).toHaveLength(250);
    expect(new Set(booked.map((transaction) => transaction.transactionId)).size).toBe(250);
    expect(new Set(booked.map((transaction) => transaction.entryReference)).size).toBe(250);
    const dates = booked.map((transaction) => transaction.bookingDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(daysFromToday(-1));
    expect(dates.at(-1)).toBe(daysFromToday(-30));

    const lastWeek = await allTransactions(app, made.consentId, account.resourceId, daysFromToday(-7));
    expect(lastWeek).toEqual(booked.filter((transaction) => transaction.bookingDate >= daysFromToday(-7)));
  });

  it("gives yesterday's closing booked balance alike in the balances and the account's details", async () => {
    const [account] = made.accounts;
    if (!account) throw new Error('no account was made');
    const balances = await readAccounts(app, made.consentId, `/accounts/${account.resourceId}/balances`);
    expect(balances.statusCode).toBe(200);
    const [closing, available] = balances.json().balances as {
      balanceType: string;
      balanceAmount: { amount: string };
      referenceDate?: string;
    }[];
    expect(closing?.balanceType).toBe('closingBooked');
    expect(closing?.referenceDate).toBe(daysFromToday(-1));
    // Nothing is booked today, so what is available now is what closed yesterday.
    expect(available?.balanceAmount).toEqual(closing?.balanceAmount);
    expect(oreFromDecimal(closing?.balanceAmount.amount ?? '0')).toBeGreaterThan(0);
    const details = await readAccounts(
      app,
      made.consentId,
      `/accounts/${account.resourceId}?withBalance=true`,
    );
    expect(details.statusCode).toBe(200);
    expect(details.json().account.balances[0]).toEqual(closing);
  });

  it('makes the same accounts and transactions again from the same seed, in another sandbox', async () => {
    const other = await givenSandbox();
    try {
      const again = (
        await makeBulkAccounts(other, {
          organisationNumber: BAKERY,
          accounts: 3,
          transactionsPerAccount: 250,
          days: 30,
          seed: 'test',
        })
      ).json() as MadeAccounts;
      expect(again.accounts).toEqual(made.accounts);
      const [account] = made.accounts;
      if (!account) throw new Error('no account was made');
      const from = daysFromToday(-40);
      expect(await allTransactions(other, again.consentId, account.resourceId, from)).toEqual(
        await allTransactions(app, made.consentId, account.resourceId, from),
      );
    } finally {
      await other.close();
    }
  });

  it("keeps the world's accounts as they are, and refuses a bulk account under another consent", async () => {
    const consentId = await approvedConsent(app, { frequencyPerDay: 100 });
    const world = await readAccounts(app, consentId, '/accounts');
    expect(world.statusCode).toBe(200);
    const bbans = (world.json().accounts as { bban: string }[]).map((account) => account.bban);
    expect(bbans).toContain(BAKERY_OPERATING);
    expect(bbans.some((bban) => made.accounts.some((account) => account.bban === bban))).toBe(false);

    const [account] = made.accounts;
    if (!account) throw new Error('no account was made');
    const foreign = await readAccounts(app, consentId, `/accounts/${account.resourceId}/balances`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });

  it('refuses reads once the consent has expired, as any consent', async () => {
    const [account] = made.accounts;
    if (!account) throw new Error('no account was made');
    await moveClock(app, 200);
    try {
      const answer = await readAccounts(app, made.consentId, `/accounts/${account.resourceId}/balances`);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().tppMessages[0].code).toBe('CONSENT_EXPIRED');
    } finally {
      await moveClock(app, 0);
    }
  });

  it('refuses a request outside its bounds', async () => {
    for (const body of [
      { organisationNumber: '12345', accounts: 1, transactionsPerAccount: 1 },
      { organisationNumber: BAKERY, accounts: 0, transactionsPerAccount: 1 },
      { organisationNumber: BAKERY, accounts: 1001, transactionsPerAccount: 1 },
      { organisationNumber: BAKERY, accounts: 1, transactionsPerAccount: 100_001 },
      { organisationNumber: BAKERY, accounts: 1, transactionsPerAccount: 1, days: 0 },
    ]) {
      expect((await makeBulkAccounts(app, body)).statusCode).toBe(400);
    }
    const unknownBank = await app.inject({
      method: 'POST',
      url: '/sandbox/banks/nordea/bulk-accounts',
      payload: { organisationNumber: BAKERY, accounts: 1, transactionsPerAccount: 1 },
    });
    expect(unknownBank.statusCode).toBe(404);
  });

  it('lists no transaction of a day after today, when the clock is set back', async () => {
    const [account] = made.accounts;
    if (!account) throw new Error('no account was made');
    await moveClock(app, -10);
    try {
      const booked = await allTransactions(app, made.consentId, account.resourceId, daysFromToday(-40));
      expect(booked.length).toBeGreaterThan(0);
      expect(booked.length).toBeLessThan(250);
      expect(booked.every((transaction) => transaction.bookingDate <= addDays(daysFromToday(0), -10))).toBe(
        true,
      );
    } finally {
      await moveClock(app, 0);
    }
  });
});
