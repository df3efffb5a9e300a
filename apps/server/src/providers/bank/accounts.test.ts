import { SANDBOX_ACCOUNTS, SANDBOX_BANKS, SANDBOX_COMPANIES } from '@bilag/sandbox/world';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  forgetFaults,
  givenSandbox,
  moveClock,
  noWait,
  planFault,
  type RunningSandbox,
} from '../../test/sandbox';
import { createBankClients } from './http-client';
import type { BankAccount, BankClient } from './interface';
import {
  approvedConsent,
  BAKERY_OPERATING,
  BAKERY_TAX,
  failureOf,
  KARI,
  messagesFor,
  OLA,
  osloDay,
} from './test-support';

describe('the bank client: accounts, balances and transactions under a consent', () => {
  let sandbox: RunningSandbox;
  let dnb: BankClient;
  let consentId: string;
  let operating: BankAccount;

  const clientFor = (group: string, options: Parameters<typeof createBankClients>[1] = {}) => {
    const client = createBankClients(sandbox.providers, { sleep: noWait, ...options }).forGroup(group);
    if (!client) throw new Error(`no client for ${group}`);
    return client;
  };

  beforeAll(async () => {
    sandbox = await givenSandbox();
    dnb = clientFor('dnb');
    consentId = await approvedConsent(dnb);
    const found = (await dnb.listAccounts({ consentId })).find(
      (account) => account.accountNumber === BAKERY_OPERATING.bban,
    );
    if (!found) throw new Error('the consent does not show the operating account');
    operating = found;
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    await moveClock(sandbox, 0);
    await forgetFaults(sandbox);
  });

  it('lists the company’s accounts at the bank, with their balances when asked', async () => {
    const accounts = await dnb.listAccounts({ consentId }, { withBalance: true });

    expect(accounts.map((account) => account.accountNumber).sort()).toEqual(
      [BAKERY_OPERATING.bban, BAKERY_TAX.bban].sort(),
    );
    const listed = accounts.find((account) => account.accountNumber === BAKERY_OPERATING.bban);
    expect(listed).toMatchObject({
      accountId: operating.accountId,
      iban: BAKERY_OPERATING.iban,
      currency: 'NOK',
      name: 'Driftskonto',
      product: 'Bedriftskonto',
      cashAccountType: 'CACC',
      status: 'enabled',
      bic: 'DNBANOKK',
      ownerName: 'Nordlys Bakeri AS',
    });
    expect(listed?.balances?.map((balance) => balance.type)).toEqual(['closingBooked', 'interimAvailable']);
    expect(operating.balances).toBeUndefined();
    expect(operating.accountId).not.toContain(BAKERY_OPERATING.bban);
  });

  it('reads one account by the id the list gave, with its balances when asked', async () => {
    expect(await dnb.getAccount({ consentId }, operating.accountId)).toEqual(operating);
    const withBalance = await dnb.getAccount({ consentId }, operating.accountId, { withBalance: true });
    expect(withBalance.balances?.map((balance) => balance.type)).toEqual([
      'closingBooked',
      'interimAvailable',
    ]);
  });

  it('reads the booked balance at the end of yesterday and what is available now', async () => {
    const balances = await dnb.getBalances({ consentId }, operating.accountId);
    const [closing, available] = balances;
    expect(closing).toMatchObject({ type: 'closingBooked', referenceDate: osloDay(-1) });
    expect(closing?.amount.currency).toBe('NOK');
    expect(Number.isSafeInteger(closing?.amount.amount)).toBe(true);
    expect(available).toMatchObject({ type: 'interimAvailable', referenceDate: undefined });
    expect(Date.parse(available?.lastChangeDateTime ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads every page of a long period, and the transactions add up to the bank’s balances', async () => {
    const { booked, pending } = await dnb.listTransactions({ consentId }, operating.accountId, {
      dateFrom: BAKERY_OPERATING.openedOn,
    });

    // The sandbox pages at 100, so the account's year of activity spans several pages.
    expect(booked.length).toBeGreaterThan(200);
    expect(new Set(booked.map((transaction) => transaction.transactionId)).size).toBe(booked.length);
    for (const transaction of booked) {
      expect(transaction.bookingDate).toBeDefined();
      expect(transaction.entryReference).toBeDefined();
      expect(transaction.bookingDate && transaction.bookingDate >= BAKERY_OPERATING.openedOn).toBe(true);
    }
    for (const transaction of pending) {
      expect(transaction.bookingDate).toBeUndefined();
      expect(transaction.entryReference).toBeUndefined();
    }

    const [closing, available] = await dnb.getBalances({ consentId }, operating.accountId);
    const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
    const bookedUntilYesterday = booked.filter((transaction) => (transaction.bookingDate ?? '') < osloDay(0));
    expect(BAKERY_OPERATING.openingBalanceMinor + sum(bookedUntilYesterday.map((t) => t.amount.amount))).toBe(
      closing?.amount.amount,
    );
    const everything = [...booked, ...pending].map((transaction) => transaction.amount.amount);
    expect(BAKERY_OPERATING.openingBalanceMinor + sum(everything)).toBe(available?.amount.amount);
  });

  it('reads the booked or the pending transactions alone, in a short period', async () => {
    const week = { dateFrom: osloDay(-7), dateTo: osloDay(0) };
    const booked = await dnb.listTransactions({ consentId }, operating.accountId, {
      ...week,
      bookingStatus: 'booked',
    });
    expect(booked.pending).toEqual([]);
    expect(booked.booked.every((t) => (t.bookingDate ?? '') >= week.dateFrom)).toBe(true);

    const pending = await dnb.listTransactions({ consentId }, operating.accountId, {
      ...week,
      bookingStatus: 'pending',
    });
    expect(pending.booked).toEqual([]);
    for (const transaction of pending.pending) expect(transaction.amount.amount).toBeLessThan(0);
  });

  it('describes each transaction with its counterparty, message or KID, and bank codes', async () => {
    const { booked } = await dnb.listTransactions({ consentId }, operating.accountId, {
      dateFrom: BAKERY_OPERATING.openedOn,
      bookingStatus: 'booked',
    });
    const supplierPayment = booked.find((transaction) => transaction.kid !== undefined);
    expect(supplierPayment).toMatchObject({
      creditorName: expect.any(String),
      creditorAccount: expect.any(Object),
      endToEndId: expect.any(String),
      bankTransactionCode: expect.stringMatching(/^PMNT-/),
    });
    expect(supplierPayment?.amount.amount).toBeLessThan(0);
    const withMessage = booked.find((transaction) => transaction.message !== undefined);
    expect(withMessage?.message?.length).toBeGreaterThan(0);
    expect(booked.some((transaction) => transaction.amount.amount > 0 && transaction.debtorName)).toBe(true);
  });

  it('stops at its limit of pages and asks for a shorter period instead of reading without end', async () => {
    const limited = clientFor('dnb', { maxTransactionPages: 2 });
    const failure = await failureOf(
      limited.listTransactions({ consentId }, operating.accountId, { dateFrom: BAKERY_OPERATING.openedOn }),
    );
    expect(failure).toMatchObject({ failure: 'rejected', reasonKey: 'bankTooManyTransactions' });
    expect(messagesFor(failure).en).toBe(
      'The bank refused the request: The bank has more transactions in this period than can be fetched at once. Choose a shorter period.',
    );
  });

  it('reads each bank’s own accounts, for each demo company', async () => {
    for (const bank of SANDBOX_BANKS) {
      const client = clientFor(bank.id);
      const accountsHere = SANDBOX_ACCOUNTS.filter((account) => account.bankId === bank.id);
      const company = SANDBOX_COMPANIES.find(
        (candidate) => candidate.organisationNumber === accountsHere[0]?.ownerOrganisationNumber,
      );
      const consentHere = await approvedConsent(client, {
        onBehalfOf: { organisationNumber: company?.organisationNumber },
      });

      const accounts = await client.listAccounts({ consentId: consentHere }, { withBalance: true });
      expect(accounts.map((account) => account.accountNumber).sort()).toEqual(
        accountsHere.map((account) => account.bban).sort(),
      );
      expect(
        accounts.every((account) => account.bic === bank.bic && account.ownerName === company?.name),
      ).toBe(true);
      const [first] = accounts;
      if (!first) throw new Error(`no account at ${bank.id}`);
      const { booked } = await client.listTransactions({ consentId: consentHere }, first.accountId, {
        dateFrom: osloDay(-30),
      });
      expect(booked.length).toBeGreaterThan(0);
    }
  });

  it('refuses a period that ends before it starts', async () => {
    const failure = await failureOf(
      dnb.listTransactions({ consentId }, operating.accountId, {
        dateFrom: osloDay(-1),
        dateTo: osloDay(-10),
      }),
    );
    expect(failure).toMatchObject({
      failure: 'rejected',
      status: 400,
      partyCode: 'PERIOD_INVALID',
      reasonKey: 'bankPeriodInvalid',
    });
    expect(messagesFor(failure).no).toBe(
      'Banken avviste forespørselen: Perioden er ikke gyldig: startdatoen må være samme dag som eller før sluttdatoen.',
    );
  });

  it('refuses an account the consent does not cover', async () => {
    const tax = (await dnb.listAccounts({ consentId })).find(
      (account) => account.accountNumber === BAKERY_TAX.bban,
    );
    if (!tax) throw new Error('no tax account');
    const olasConsent = await approvedConsent(dnb, {}, OLA);

    const failure = await failureOf(dnb.getBalances({ consentId: olasConsent }, tax.accountId));
    expect(failure).toMatchObject({
      failure: 'rejected',
      status: 404,
      partyCode: 'RESOURCE_UNKNOWN',
      reasonKey: 'bankResourceUnknown',
    });
  });

  it('reports a consent that has run out by the bank’s clock as expired', async () => {
    const shortConsent = await approvedConsent(dnb, { validUntil: osloDay(1) });
    await moveClock(sandbox, 2);

    const failure = await failureOf(dnb.listAccounts({ consentId: shortConsent }));
    expect(failure).toMatchObject({
      party: 'bank',
      failure: 'rejected',
      status: 401,
      partyCode: 'CONSENT_EXPIRED',
      reasonKey: 'bankConsentExpired',
    });
    expect(await dnb.getConsentStatus(shortConsent)).toBe('expired');
    expect(messagesFor(failure)).toEqual({
      en: 'The bank refused the request: The bank consent has expired. Renew it to fetch transactions again.',
      no: 'Banken avviste forespørselen: Samtykket hos banken har utløpt. Forny det for å hente transaksjoner igjen.',
    });
  });

  it('reports a consent the bank says has expired (sandbox fault consent-expired)', async () => {
    await planFault(sandbox, '/psd2/dnb/v1/accounts', 'consent-expired');
    const failure = await failureOf(
      dnb.listTransactions({ consentId }, operating.accountId, { dateFrom: osloDay(-7) }),
    );
    expect(failure).toMatchObject({ failure: 'rejected', status: 401, partyCode: 'CONSENT_EXPIRED' });
    // The fault was for one call; the consent itself still holds.
    expect(await dnb.getConsentStatus(consentId)).toBe('valid');
  });

  it('reports the consent’s reads for today as used up, and still reads while the person is there', async () => {
    const oncePerDay = await approvedConsent(dnb, { frequencyPerDay: 1 });
    const accountId = (await dnb.listAccounts({ consentId: oncePerDay }))[0]?.accountId ?? '';
    await dnb.getBalances({ consentId: oncePerDay }, accountId);

    const failure = await failureOf(dnb.getBalances({ consentId: oncePerDay }, accountId));
    expect(failure).toMatchObject({
      failure: 'rejected',
      status: 429,
      partyCode: 'ACCESS_EXCEEDED',
      reasonKey: 'bankAccessExceeded',
      retryAfterSeconds: undefined,
    });
    expect(messagesFor(failure).en).toBe(
      'The bank refused the request: The consent allows no more automatic reads of this account today. Try again tomorrow, or fetch while you are here.',
    );

    const present = {
      consentId: oncePerDay,
      onBehalfOf: { nationalIdentityNumber: KARI, ipAddress: '203.0.113.7' },
    };
    expect(await dnb.getBalances(present, accountId)).toHaveLength(2);

    await moveClock(sandbox, 1);
    expect(await dnb.getBalances({ consentId: oncePerDay }, accountId)).toHaveLength(2);
  });
});
