import type { CompanyBank } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  bankRegistrationNumber,
  checkAccountNumber,
  emptyBankAccountForm,
  parseBankAccountForm,
  toBankAccountFormValues,
} from './bank-account.form';

const today = '2025-06-15';

const account: CompanyBank = {
  Id: 4,
  CompanyId: 1,
  AccountNumber: '15031234562',
  Iban: 'NO5315031234562',
  Name: 'Driftskonto',
  Currency: 'NOK',
  BankId: 3,
  BankName: 'DNB Bank ASA',
  Bic: 'DNBANOKK',
  BankGroup: 'dnb',
  IsDefault: true,
  Sorting: 0,
  ServiceStartDate: '2025-01-01',
  ServiceEndDate: null,
  Balance: 123_450,
  BalanceDate: '2025-06-14',
  BalanceProven: true,
  BalanceDifferenceOre: null,
  TransactionCount: 12,
  CreatedAt: '2025-01-01T08:00:00.000Z',
};

describe('the account number as it is typed', () => {
  it('says nothing while fewer than eleven digits are typed', () => {
    expect(checkAccountNumber('', false)).toEqual({ state: 'incomplete' });
    expect(checkAccountNumber('1503.12', false)).toEqual({ state: 'incomplete' });
  });

  it('refuses letters at once', () => {
    expect(checkAccountNumber('1503a', false)).toEqual({
      state: 'invalid',
      error: 'bankAccounts.form.errors.accountDigits',
    });
  });

  it('refuses a wrong check digit as soon as the eleventh digit is typed', () => {
    expect(checkAccountNumber('1503.12.34563', false)).toEqual({
      state: 'invalid',
      error: 'bankAccounts.form.errors.accountChecksum',
    });
  });

  it('refuses a twelfth digit at once', () => {
    expect(checkAccountNumber('150312345620', false)).toMatchObject({
      error: 'bankAccounts.form.errors.accountLength',
    });
  });

  it('accepts a valid number with dots or spaces and gives its eleven digits', () => {
    expect(checkAccountNumber('1503 12 34562', false)).toEqual({ state: 'valid', normalized: '15031234562' });
    expect(checkAccountNumber('1503.12.34562', true)).toEqual({ state: 'valid', normalized: '15031234562' });
  });

  it('calls a short or missing number an error once the person is done typing', () => {
    expect(checkAccountNumber('1503.12', true)).toMatchObject({
      error: 'bankAccounts.form.errors.accountLength',
    });
    expect(checkAccountNumber('  ', true)).toMatchObject({
      error: 'bankAccounts.form.errors.accountRequired',
    });
  });

  it('takes a Norwegian IBAN as the account number inside it, whatever its separators', () => {
    for (const typed of ['NO39 1503 2024 154', 'no39.1503.2024.154', 'NO39-1503-2024-154']) {
      expect(checkAccountNumber(typed, true)).toEqual({
        state: 'valid',
        normalized: '15032024154',
        iban: 'NO3915032024154',
      });
    }
    expect(
      parseBankAccountForm({ ...emptyBankAccountForm(), accountNumber: 'NO39 1503 2024 154' }, today, null),
    ).toMatchObject({ isValid: true, changes: { accountNumber: '15032024154' } });
  });

  it('waits for the whole IBAN, then refuses one that is short or whose check digits are wrong', () => {
    expect(checkAccountNumber('N', false)).toEqual({ state: 'incomplete' });
    expect(checkAccountNumber('NO39 1503', false)).toEqual({ state: 'incomplete' });
    expect(checkAccountNumber('NO39 1503', true)).toEqual({
      state: 'invalid',
      error: 'bankAccounts.form.errors.ibanLength',
    });
    expect(checkAccountNumber('NO38 1503 2024 154', false)).toEqual({
      state: 'invalid',
      error: 'bankAccounts.form.errors.ibanChecksum',
    });
  });

  it('refuses an account number of only zeros', () => {
    expect(checkAccountNumber('0000.00.00000', false)).toMatchObject({
      error: 'bankAccounts.form.errors.accountZero',
    });
  });

  it('reads the bank registration number from the first four digits', () => {
    expect(bankRegistrationNumber('15031234562')).toBe('1503');
  });
});

describe('the bank account form', () => {
  it('shows a stored account the Norwegian way', () => {
    expect(toBankAccountFormValues(account)).toEqual({
      accountNumber: '1503.12.34562',
      name: 'Driftskonto',
      currency: 'NOK',
      bankId: '3',
      serviceStartDate: '01.01.2025',
      serviceEndDate: '',
      isDefault: true,
    });
  });

  it('reads typed values into what the API stores', () => {
    const parsed = parseBankAccountForm(
      {
        ...emptyBankAccountForm(),
        accountNumber: '1503 12 34562',
        name: '  Skattetrekk ',
        currency: 'eur',
        serviceStartDate: '0101',
        serviceEndDate: '31.12.25',
      },
      today,
      7,
    );
    expect(parsed).toEqual({
      isValid: true,
      changes: {
        accountNumber: '15031234562',
        name: 'Skattetrekk',
        currency: 'EUR',
        bankId: 7,
        serviceStartDate: '2025-01-01',
        serviceEndDate: '2025-12-31',
        isDefault: false,
      },
    });
  });

  it('uses the bank picked by hand only when the registry does not know the number', () => {
    const values = { ...emptyBankAccountForm(), accountNumber: '15031234562', bankId: '9' };
    expect(parseBankAccountForm(values, today, null)).toMatchObject({ changes: { bankId: 9 } });
    expect(parseBankAccountForm(values, today, 3)).toMatchObject({ changes: { bankId: 3 } });
    expect(parseBankAccountForm({ ...values, bankId: null }, today, null)).toMatchObject({
      changes: { bankId: null, name: null },
    });
  });

  it('shows every field at fault at once', () => {
    const parsed = parseBankAccountForm(
      {
        ...emptyBankAccountForm(),
        accountNumber: '15031234563',
        serviceStartDate: '32.13.2025',
        currency: '',
      },
      today,
      null,
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: {
        accountNumber: 'bankAccounts.form.errors.accountChecksum',
        serviceStartDate: 'bankAccounts.form.errors.date',
        currency: 'bankAccounts.form.errors.currency',
      },
    });
  });

  it('refuses a service period that ends before it starts', () => {
    const parsed = parseBankAccountForm(
      {
        ...emptyBankAccountForm(),
        accountNumber: '15031234562',
        serviceStartDate: '01.06.2025',
        serviceEndDate: '31.05.2025',
      },
      today,
      null,
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: { serviceEndDate: 'bankAccounts.form.errors.endBeforeStart' },
    });
  });
});
