import type { AutoImportAccount, Bank } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { searchAutoImportAccounts, searchBanks, sortAutoImportAccounts } from './bank-admin.search';

const banks: Bank[] = [
  {
    Id: 1,
    Name: 'DNB Bank ASA',
    Bic: 'DNBANOKK',
    BankGroup: 'dnb',
    Prefixes: ['1503'],
    AutoImportTemplate: 'dnb',
    IsAutoImport: true,
    Status: 0,
  },
  {
    Id: 2,
    Name: 'SpareBank 1 Nord-Norge',
    Bic: 'SNOWNO22',
    BankGroup: 'sparebank1',
    Prefixes: ['4500', '4501'],
    AutoImportTemplate: null,
    IsAutoImport: false,
    Status: 0,
  },
];

function account(overrides: Partial<AutoImportAccount>): AutoImportAccount {
  return {
    CompanyBankId: 1,
    CompanyId: 1,
    CompanyName: 'Nordlys Bakeri AS',
    CompanyAlias: 'nordlys-bakeri',
    AccountNumber: '15031234562',
    BankName: 'DNB Bank ASA',
    Template: 'dnb',
    IsAutoImport: true,
    LastImportAt: '2025-06-01T10:00:00.000Z',
    TransactionCount: 10,
    ...overrides,
  };
}

const accounts = [
  account({ CompanyBankId: 1 }),
  account({
    CompanyBankId: 2,
    CompanyName: 'Åsen Fisk AS',
    CompanyAlias: 'asen-fisk',
    AccountNumber: '45001234567',
    BankName: null,
    Template: null,
    IsAutoImport: false,
    LastImportAt: null,
    TransactionCount: 3,
  }),
  account({
    CompanyBankId: 3,
    CompanyName: 'Fjelltopp Bygg AS',
    CompanyAlias: 'fjelltopp-bygg',
    LastImportAt: '2025-06-10T10:00:00.000Z',
    TransactionCount: 250,
  }),
];

const ids = (rows: readonly AutoImportAccount[]) => rows.map((row) => row.CompanyBankId);

describe('searching the bank registry', () => {
  it('finds a bank by any part of its name, BIC, group or registration number', () => {
    expect(searchBanks(banks, 'nord').map((bank) => bank.Id)).toEqual([2]);
    expect(searchBanks(banks, 'dnbanokk').map((bank) => bank.Id)).toEqual([1]);
    expect(searchBanks(banks, '4501').map((bank) => bank.Id)).toEqual([2]);
    expect(searchBanks(banks, '').map((bank) => bank.Id)).toEqual([1, 2]);
  });

  it('needs every word of the search to match', () => {
    expect(searchBanks(banks, 'sparebank dnb')).toEqual([]);
  });
});

describe('the admin import overview', () => {
  it('finds an account by its number written with or without dots', () => {
    expect(ids(searchAutoImportAccounts(accounts, '4500.12'))).toEqual([2]);
    expect(ids(searchAutoImportAccounts(accounts, '450012'))).toEqual([2]);
  });

  it('finds accounts by company name or alias', () => {
    expect(ids(searchAutoImportAccounts(accounts, 'fjelltopp'))).toEqual([3]);
    expect(ids(searchAutoImportAccounts(accounts, 'asen-fisk'))).toEqual([2]);
  });

  it('sorts company names the Norwegian way, with Å last', () => {
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'CompanyName', sortType: 'asc' }))).toEqual([
      3, 1, 2,
    ]);
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'CompanyName', sortType: 'desc' }))).toEqual([
      2, 1, 3,
    ]);
  });

  it('sorts by numbers and times, with accounts never imported last either way', () => {
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'TransactionCount', sortType: 'desc' }))).toEqual([
      3, 1, 2,
    ]);
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'LastImportAt', sortType: 'desc' }))).toEqual([
      3, 1, 2,
    ]);
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'LastImportAt', sortType: 'asc' }))).toEqual([
      1, 3, 2,
    ]);
  });

  it('sorts accounts with automatic import on first when sorted from the top', () => {
    expect(ids(sortAutoImportAccounts(accounts, { sortBy: 'IsAutoImport', sortType: 'desc' }))).toEqual([
      3, 1, 2,
    ]);
  });
});
