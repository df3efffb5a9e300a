import { addDays, validateAccountNumber, validateKid } from '@bilag/domain';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import { SANDBOX_ACCOUNTS } from '../platform/world';
import { isBankingDay, type LedgerEntry, ledgerOf } from './activity';
import {
  approvedConsent,
  BAKERY_OPERATING,
  daysFromToday,
  givenSandbox,
  moveClock,
  readAccounts,
} from './test-support';

type Transaction = { transactionId: string; bookingDate: string; transactionAmount: { amount: string } };
type TransactionsPage = { transactions: { booked: Transaction[]; _links: { next?: { href: string } } } };

async function bookedOf(app: Sandbox, consentId: string, dateFrom: string) {
  const accounts = (await readAccounts(app, consentId, '/accounts', { 'psu-ip-address': '192.0.2.1' })).json()
    .accounts;
  const resourceId = accounts.find(
    (account: { bban: string }) => account.bban === BAKERY_OPERATING,
  ).resourceId;
  const booked: Transaction[] = [];
  let path: string | undefined =
    `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=${dateFrom}`;
  while (path) {
    const response = await readAccounts(app, consentId, path, { 'psu-ip-address': '192.0.2.1' });
    const page: TransactionsPage = response.json();
    booked.push(...page.transactions.booked);
    path = page.transactions._links.next?.href.replace(/^\/v1/, '');
  }
  return booked;
}

describe('bank account activity', () => {
  const sandboxes: Sandbox[] = [];
  afterAll(async () => {
    for (const sandbox of sandboxes) await sandbox.close();
  });

  it('is the same in two sandboxes, and grows as the clock moves without changing what was booked', async () => {
    const [first, second] = [await givenSandbox(), await givenSandbox()];
    sandboxes.push(first, second);
    const firstConsent = await approvedConsent(first);
    const secondConsent = await approvedConsent(second);
    const dateFrom = daysFromToday(-60);
    const before = await bookedOf(first, firstConsent, dateFrom);
    expect(before.length).toBeGreaterThan(20);
    expect(await bookedOf(second, secondConsent, dateFrom)).toEqual(before);

    await moveClock(first, 30);
    const later = await bookedOf(first, firstConsent, dateFrom);
    expect(later.length).toBeGreaterThan(before.length);
    const laterById = new Map(later.map((transaction) => [transaction.transactionId, transaction]));
    const bookedBeforeToday = before.filter((transaction) => transaction.bookingDate < daysFromToday(0));
    for (const transaction of bookedBeforeToday)
      expect(laterById.get(transaction.transactionId)).toEqual(transaction);
    expect(later.some((transaction) => transaction.bookingDate > daysFromToday(0))).toBe(true);
  });

  it('draws the same history on every machine and in every run', () => {
    const [account] = SANDBOX_ACCOUNTS;
    if (!account) throw new Error('no sandbox account');
    const january = ledgerOf(account, '2025-01-31', []);
    expect(january.booked).toHaveLength(52);
    expect(january.closingBalance('2025-01-31')).toBe(73_172_55);
    expect(january.booked[1]).toEqual({
      transactionId: '20250102-a6985ab5a5b66f88',
      entryReference: '20250102345701',
      endToEndId: 'E2E-20250102-13476840',
      bookingDate: '2025-01-02',
      valueDate: '2025-01-02',
      amountMinor: -11_242_50,
      creditorName: 'Lillestrøm Lager AS',
      creditorAccount: { bban: '62809690380' },
      kid: '159837381924112',
      bankTransactionCode: 'PMNT-ICDT-DMCT',
      proprietaryBankTransactionCode: 'Nettgiro',
    });
  });

  it('never lets a balance drop below zero, and its balances add up to its bookings', () => {
    const today = '2027-12-31';
    for (const account of SANDBOX_ACCOUNTS) {
      const ledger = ledgerOf(account, today, []);
      const byDate = new Map<string, LedgerEntry[]>();
      for (const entry of ledger.booked) {
        const date = entry.bookingDate ?? '';
        byDate.set(date, [...(byDate.get(date) ?? []), entry]);
      }
      let balance = account.openingBalanceMinor;
      let lowest = balance;
      const mismatches: string[] = [];
      for (let date = account.openedOn; date <= today; date = addDays(date, 1)) {
        for (const entry of byDate.get(date) ?? []) balance += entry.amountMinor;
        if (ledger.closingBalance(date) !== balance) mismatches.push(date);
        lowest = Math.min(lowest, balance);
      }
      expect(mismatches).toEqual([]);
      expect(lowest).toBeGreaterThanOrEqual(0);
      const reserved = ledger.pending.reduce((sum, entry) => sum + entry.amountMinor, 0);
      expect(ledger.availableBalance).toBe(balance + reserved);
      expect(ledger.availableBalance).toBeGreaterThanOrEqual(0);
    }
  });

  it('books on banking days, with salaries, taxes and fees on their days, valid KIDs and account numbers', () => {
    const [account] = SANDBOX_ACCOUNTS;
    if (!account) throw new Error('no sandbox account');
    const ledger = ledgerOf(account, '2025-12-31', []);
    expect(ledger.booked.every((entry) => isBankingDay(entry.bookingDate ?? ''))).toBe(true);
    expect(isBankingDay('2025-05-17')).toBe(false);
    expect(isBankingDay('2025-12-27')).toBe(false);
    const codes = new Set(ledger.booked.map((entry) => entry.bankTransactionCode));
    for (const code of [
      'PMNT-ICDT-SALA',
      'ACMT-MDOP-CHRG',
      'PMNT-RCDT-DMCT',
      'PMNT-ICDT-DMCT',
      'PMNT-CCRD-POSD',
    ]) {
      expect(codes).toContain(code);
    }
    const salaries = ledger.booked.filter((entry) => entry.bankTransactionCode === 'PMNT-ICDT-SALA');
    expect(salaries.every((entry) => ['18', '19', '20'].includes(entry.bookingDate?.slice(8) ?? ''))).toBe(
      true,
    );
    for (const entry of ledger.booked) {
      if (entry.kid !== undefined) expect(validateKid(entry.kid).valid).toBe(true);
      const counterparty = entry.creditorAccount ?? entry.debtorAccount;
      if (counterparty && 'bban' in counterparty)
        expect(validateAccountNumber(counterparty.bban).valid).toBe(true);
      expect(entry.entryReference).toMatch(/^\d+$/);
    }
    const references = ledger.booked.map((entry) => entry.entryReference);
    expect(new Set(references).size).toBe(references.length);
    expect(ledger.pending.length).toBeLessThanOrEqual(2);
  });
});
