import type { CompanyBank } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { moveAccount, orderAccounts } from './bank-account.order';

function account(id: number, sorting: number): CompanyBank {
  return {
    Id: id,
    CompanyId: 1,
    AccountNumber: String(id).padStart(11, '0'),
    Iban: '',
    Name: `Konto ${id}`,
    Currency: 'NOK',
    BankId: null,
    BankName: null,
    Bic: null,
    BankGroup: null,
    IsDefault: false,
    Sorting: sorting,
    ServiceStartDate: null,
    ServiceEndDate: null,
    Balance: null,
    BalanceDate: null,
    BalanceProven: null,
    BalanceDifferenceOre: null,
    TransactionCount: 0,
    CreatedAt: '2025-01-01T08:00:00.000Z',
  };
}

describe('moving an account in the list', () => {
  it('swaps the account with the one above or below', () => {
    expect(moveAccount([10, 20, 30], 20, 'up')).toEqual([20, 10, 30]);
    expect(moveAccount([10, 20, 30], 20, 'down')).toEqual([10, 30, 20]);
  });

  it('cannot move the first account up, the last down, or an account not in the list', () => {
    expect(moveAccount([10, 20, 30], 10, 'up')).toBeUndefined();
    expect(moveAccount([10, 20, 30], 30, 'down')).toBeUndefined();
    expect(moveAccount([10, 20, 30], 40, 'up')).toBeUndefined();
  });

  it('shows the accounts in the new order, numbered as the server stores them', () => {
    const ordered = orderAccounts([account(10, 0), account(20, 1), account(30, 2)], [30, 10, 20]);
    expect(ordered.map(({ Id, Sorting }) => [Id, Sorting])).toEqual([
      [30, 0],
      [10, 1],
      [20, 2],
    ]);
  });
});
