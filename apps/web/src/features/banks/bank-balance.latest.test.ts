import type { ConsentAccount } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { bankBalancesByAccount, shownBankBalance } from './bank-balance.latest';

function readAccount(
  companyBankId: number | null,
  balance: { amountOre: number; date: string } | null,
): ConsentAccount {
  return {
    id: 1,
    consentId: 1,
    iban: null,
    bban: '15030123457',
    companyBankId,
    name: null,
    currency: 'NOK',
    status: 'enabled',
    lastSyncAt: null,
    syncedThrough: null,
    balance: balance && { ...balance, currency: 'NOK', source: 'DNB_53' },
  };
}

describe('the bank balance of an account', () => {
  it('keeps the newest of an account read under two consents, and skips accounts not yet the company’s', () => {
    const balances = bankBalancesByAccount([
      readAccount(7, { amountOre: 100, date: '2026-11-26' }),
      readAccount(7, { amountOre: 250, date: '2026-11-27' }),
      readAccount(7, { amountOre: 50, date: '2026-11-20' }),
      readAccount(null, { amountOre: 900, date: '2026-11-27' }),
      readAccount(8, null),
    ]);
    expect([...balances.keys()]).toEqual([7]);
    expect(balances.get(7)?.amountOre).toBe(250);
  });

  it('is shown unless an imported statement gave a newer one', () => {
    const fromBank = { amountOre: 100, currency: 'NOK', date: '2026-11-27', source: 'DNB_53' };
    expect(shownBankBalance({ BalanceDate: null }, fromBank)).toBe(fromBank);
    expect(shownBankBalance({ BalanceDate: '2026-11-27' }, fromBank)).toBe(fromBank);
    expect(shownBankBalance({ BalanceDate: '2026-11-28' }, fromBank)).toBeUndefined();
    expect(shownBankBalance({ BalanceDate: '2026-11-28' }, undefined)).toBeUndefined();
  });
});
