import { oreFromDecimal } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  approvedConsent,
  BAKERY_OPERATING,
  BAKERY_TAX,
  createConsent,
  daysFromToday,
  givenSandbox,
  moveClock,
  readAccounts,
} from './test-support';

type Amount = { currency: string; amount: string };
type Transaction = {
  transactionId: string;
  entryReference?: string;
  bookingDate?: string;
  valueDate: string;
  transactionAmount: Amount;
};
type TransactionsPage = {
  transactions: { booked: Transaction[]; pending: Transaction[]; _links: { next?: { href: string } } };
};

describe('bank account information', () => {
  let app: Sandbox;
  let consentId: string;
  beforeAll(async () => {
    app = await givenSandbox();
    consentId = await approvedConsent(app);
  });
  afterEach(() => moveClock(app, 0));
  afterAll(() => app.close());

  const accountsOf = async (id: string) =>
    (await readAccounts(app, id, '/accounts', { 'psu-ip-address': '192.0.2.10' })).json().accounts as {
      resourceId: string;
      bban: string;
    }[];
  const resourceIdOf = async (id: string, bban: string) =>
    (await accountsOf(id)).find((account) => account.bban === bban)?.resourceId ?? '';

  /** Every transaction of the period, following _links.next as the bank gives it. */
  async function allTransactions(id: string, resourceId: string, query: string, headers = {}) {
    const pages: TransactionsPage[] = [];
    let path: string | undefined = `/accounts/${resourceId}/transactions?${query}`;
    while (path) {
      const response = await readAccounts(app, id, path, headers);
      expect(response.statusCode).toBe(200);
      const page = response.json() as TransactionsPage;
      pages.push(page);
      path = page.transactions._links.next?.href.replace(/^\/v1/, '');
    }
    return pages;
  }

  it('lists the consent’s accounts with a stable resource id that is not the account number', async () => {
    const response = await readAccounts(app, consentId, '/accounts');
    expect(response.statusCode).toBe(200);
    const [operating, tax] = response.json().accounts;
    expect(operating).toMatchObject({
      iban: 'NO3815030123457',
      bban: BAKERY_OPERATING,
      currency: 'NOK',
      name: 'Driftskonto',
      product: 'Bedriftskonto',
      cashAccountType: 'CACC',
      status: 'enabled',
      bic: 'DNBANOKK',
      ownerName: 'Nordlys Bakeri AS',
    });
    expect(tax.bban).toBe(BAKERY_TAX);
    expect(operating.resourceId).not.toContain(BAKERY_OPERATING);
    expect(operating.balances).toBeUndefined();
    expect(operating._links.balances.href).toBe(`/v1/accounts/${operating.resourceId}/balances`);
    expect(operating._links.transactions.href).toBe(`/v1/accounts/${operating.resourceId}/transactions`);

    const otherConsent = await approvedConsent(app);
    expect(await resourceIdOf(otherConsent, BAKERY_OPERATING)).toBe(operating.resourceId);
    const details = await readAccounts(app, consentId, `/accounts/${operating.resourceId}?withBalance=true`);
    expect(details.json().account.bban).toBe(BAKERY_OPERATING);
    expect(details.json().account.balances).toHaveLength(2);
  });

  it('gives closingBooked for the end of yesterday and interimAvailable with today’s bookings and reservations', async () => {
    const resourceId = await resourceIdOf(consentId, BAKERY_OPERATING);
    const balances = (await readAccounts(app, consentId, `/accounts/${resourceId}/balances`)).json();
    expect(balances.account).toEqual({ iban: 'NO3815030123457' });
    const [closing, available] = balances.balances;
    expect(closing.balanceType).toBe('closingBooked');
    expect(closing.referenceDate).toBe(daysFromToday(-1));
    expect(available.balanceType).toBe('interimAvailable');
    expect(Date.parse(available.lastChangeDateTime)).not.toBeNaN();

    const today = daysFromToday(0);
    const [page] = await allTransactions(consentId, resourceId, `bookingStatus=both&dateFrom=${today}`);
    const sum = (transactions: Transaction[]) =>
      transactions.reduce(
        (total, transaction) => total + oreFromDecimal(transaction.transactionAmount.amount),
        0,
      );
    const movedToday = sum(page?.transactions.booked ?? []) + sum(page?.transactions.pending ?? []);
    expect(oreFromDecimal(available.balanceAmount.amount)).toBe(
      oreFromDecimal(closing.balanceAmount.amount) + movedToday,
    );
  });

  it('pages transactions by 100 behind _links.next, each once, newest first', async () => {
    const resourceId = await resourceIdOf(consentId, BAKERY_OPERATING);
    const pages = await allTransactions(consentId, resourceId, 'bookingStatus=booked&dateFrom=2025-01-01');
    expect(pages.length).toBeGreaterThan(2);
    const booked = pages.flatMap((page) => page.transactions.booked);
    for (const page of pages.slice(0, -1)) expect(page.transactions.booked).toHaveLength(100);
    expect(new Set(booked.map((transaction) => transaction.transactionId)).size).toBe(booked.length);
    const dates = booked.map((transaction) => transaction.bookingDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.at(-1)).toBe('2025-01-02');
    expect(booked.every((transaction) => transaction.entryReference !== undefined)).toBe(true);
  });

  it('keeps to the period asked, and shows pending reservations without booking date or entry reference', async () => {
    const resourceId = await resourceIdOf(consentId, BAKERY_OPERATING);
    const pages = await allTransactions(
      consentId,
      resourceId,
      'bookingStatus=both&dateFrom=2025-03-01&dateTo=2025-03-31',
    );
    const booked = pages.flatMap((page) => page.transactions.booked);
    expect(booked.length).toBeGreaterThan(10);
    expect(booked.every((transaction) => transaction.bookingDate?.startsWith('2025-03'))).toBe(true);
    expect(pages.flatMap((page) => page.transactions.pending)).toEqual([]);

    const today = daysFromToday(0);
    const pending = (
      await allTransactions(consentId, resourceId, `bookingStatus=pending&dateFrom=${today}`)
    ).flatMap((page) => page.transactions);
    for (const transaction of pending.flatMap((list) => list.pending)) {
      expect(transaction.bookingDate).toBeUndefined();
      expect(transaction.entryReference).toBeUndefined();
      expect(transaction.valueDate).toBe(today);
      expect(transaction.transactionAmount.amount.startsWith('-')).toBe(true);
    }
    expect(pending.flatMap((list) => list.booked)).toEqual([]);
  });

  it('asks for dateFrom and refuses a period that ends before it starts', async () => {
    const resourceId = await resourceIdOf(consentId, BAKERY_OPERATING);
    const missing = await readAccounts(
      app,
      consentId,
      `/accounts/${resourceId}/transactions?bookingStatus=booked`,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().tppMessages[0].code).toBe('FORMAT_ERROR');
    const backwards = await readAccounts(
      app,
      consentId,
      `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=2025-05-02&dateTo=2025-05-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().tppMessages[0].code).toBe('PERIOD_INVALID');
  });

  it('answers 404 RESOURCE_UNKNOWN for an account outside the consent, and reads nothing of another bank', async () => {
    const olaConsent = await approvedConsent(app, {}, '03878510096');
    expect((await accountsOf(olaConsent)).map((account) => account.bban)).toEqual([BAKERY_OPERATING]);
    const taxId = await resourceIdOf(consentId, BAKERY_TAX);
    const outside = await readAccounts(app, olaConsent, `/accounts/${taxId}/balances`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    const elsewhere = await readAccounts(app, consentId, '/accounts', {}, 'handelsbanken');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().tppMessages[0].code).toBe('CONSENT_UNKNOWN');
  });

  it('gives only what the consent grants: account list only, or balances of one account', async () => {
    const listOnly = await approvedConsent(app, { access: { availableAccounts: 'allAccounts' } });
    const accounts = (await readAccounts(app, listOnly, '/accounts?withBalance=true')).json().accounts;
    expect(accounts).toHaveLength(2);
    expect(accounts[0].balances).toBeUndefined();
    expect(accounts[0]._links).toEqual({});
    const balances = await readAccounts(app, listOnly, `/accounts/${accounts[0].resourceId}/balances`);
    expect(balances.statusCode).toBe(401);
    expect(balances.json().tppMessages[0].code).toBe('CONSENT_INVALID');

    const oneBalance = await approvedConsent(app, { access: { balances: [{ bban: BAKERY_TAX }] } });
    const [tax] = (await readAccounts(app, oneBalance, '/accounts')).json().accounts;
    expect(tax.bban).toBe(BAKERY_TAX);
    expect((await readAccounts(app, oneBalance, `/accounts/${tax.resourceId}/balances`)).statusCode).toBe(
      200,
    );
    const transactions = await readAccounts(
      app,
      oneBalance,
      `/accounts/${tax.resourceId}/transactions?bookingStatus=booked&dateFrom=2025-01-01`,
    );
    expect(transactions.json().tppMessages[0].code).toBe('CONSENT_INVALID');
  });

  it('refuses reads under a consent that is not valid yet', async () => {
    const received = (await createConsent(app)).json().consentId;
    const read = await readAccounts(app, received, '/accounts');
    expect(read.statusCode).toBe(401);
    expect(read.json().tppMessages[0].code).toBe('CONSENT_INVALID');
  });

  it('answers CONSENT_EXPIRED when the sandbox is asked for it', async () => {
    const read = await readAccounts(app, consentId, '/accounts', { 'x-sandbox-fault': 'consent-expired' });
    expect(read.statusCode).toBe(401);
    expect(read.json().tppMessages[0].code).toBe('CONSENT_EXPIRED');
  });

  it('allows frequencyPerDay reads a day without the person, uncounted with PSU-IP-Address, again the next day', async () => {
    const limited = await approvedConsent(app, { frequencyPerDay: 2 });
    const resourceId = await resourceIdOf(limited, BAKERY_OPERATING);
    const balances = (headers = {}) =>
      readAccounts(app, limited, `/accounts/${resourceId}/balances`, headers);
    expect((await balances()).statusCode).toBe(200);
    expect((await balances({ 'psu-ip-address': '2001:db8::7' })).statusCode).toBe(200);
    expect((await balances()).statusCode).toBe(200);
    const exceeded = await balances();
    expect(exceeded.statusCode).toBe(429);
    expect(exceeded.json().tppMessages[0].code).toBe('ACCESS_EXCEEDED');
    expect((await balances({ 'psu-ip-address': '192.0.2.10' })).statusCode).toBe(200);
    const taxId = await resourceIdOf(limited, BAKERY_TAX);
    expect((await readAccounts(app, limited, `/accounts/${taxId}/balances`)).statusCode).toBe(200);
    await moveClock(app, 1);
    expect((await balances()).statusCode).toBe(200);
  });

  it('does not limit a one-off consent’s reads while it is valid', async () => {
    const oneOff = await approvedConsent(app, { recurringIndicator: false, frequencyPerDay: 1 });
    for (let read = 0; read < 3; read += 1) {
      expect((await readAccounts(app, oneOff, '/accounts')).statusCode).toBe(200);
    }
  });
});
