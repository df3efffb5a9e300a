import type { Bank } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyBankForm,
  parseBankForm,
  parsePrefixes,
  summarisePrefixes,
  toBankFormValues,
} from './bank-admin.form';

const bank: Bank = {
  Id: 1,
  Name: 'DNB Bank ASA',
  Bic: 'DNBANOKK',
  BankGroup: 'dnb',
  Prefixes: ['1503', '1504'],
  AutoImportTemplate: 'dnb',
  IsAutoImport: true,
  Status: 0,
};

describe('registration numbers typed as one line', () => {
  it('are read whether commas, semicolons, spaces or new lines separate them, each once', () => {
    expect(parsePrefixes('1503, 1504;1505\n1506 1503')).toEqual({
      prefixes: ['1503', '1504', '1505', '1506'],
    });
    expect(parsePrefixes('  ')).toEqual({ prefixes: [] });
  });

  it('name every number that does not have four digits', () => {
    expect(parsePrefixes('1503, 150, 15044, 15a4, 150')).toEqual({
      error: { key: 'bankAdmin.form.errors.prefixes', invalid: '150, 15044, 15a4' },
    });
  });

  it('are limited to what the contract allows', () => {
    const many = Array.from({ length: 501 }, (_, index) => String(1000 + index)).join(',');
    expect(parsePrefixes(many)).toEqual({ error: { key: 'bankAdmin.form.errors.prefixesTooMany' } });
  });
});

describe('the bank form', () => {
  it('shows a stored bank with its numbers on one line', () => {
    expect(toBankFormValues(bank)).toEqual({
      name: 'DNB Bank ASA',
      bic: 'DNBANOKK',
      bankGroup: 'dnb',
      prefixes: '1503, 1504',
    });
  });

  it('reads the form into the request of the contract', () => {
    expect(
      parseBankForm({ name: ' Sbanken ', bic: 'sbak nokk', bankGroup: 'other', prefixes: '9710,9711' }),
    ).toEqual({
      isValid: true,
      request: { name: 'Sbanken', bic: 'SBAKNOKK', bankGroup: 'other', prefixes: ['9710', '9711'] },
    });
  });

  it('shows every field at fault at once', () => {
    expect(parseBankForm({ ...emptyBankForm(), bic: 'DNBANOK', prefixes: '12' })).toEqual({
      isValid: false,
      errors: {
        name: { key: 'bankAdmin.form.errors.nameRequired' },
        bic: { key: 'bankAdmin.form.errors.bicLength' },
        prefixes: { key: 'bankAdmin.form.errors.prefixes', invalid: '12' },
      },
    });
  });

  it('refuses a BIC whose bank or country part has digits', () => {
    expect(parseBankForm({ ...toBankFormValues(bank), bic: 'DNB1NOKK' })).toMatchObject({
      errors: { bic: { key: 'bankAdmin.form.errors.bicFormat' } },
    });
    expect(parseBankForm({ ...toBankFormValues(bank), bic: '' })).toMatchObject({
      errors: { bic: { key: 'bankAdmin.form.errors.bicRequired' } },
    });
  });

  it('refuses a BIC whose country part is no country', () => {
    expect(parseBankForm({ ...toBankFormValues(bank), bic: 'DNBAQQKK' })).toMatchObject({
      errors: { bic: { key: 'bankAdmin.form.errors.bicCountry', invalid: 'QQ' } },
    });
  });
});

describe('registration numbers in the registry table', () => {
  it('are shown as ranges where they run on, in order', () => {
    const nordea = Array.from({ length: 100 }, (_, index) => String(6000 + index));
    expect(summarisePrefixes(nordea)).toEqual(['6000–6099']);
    expect(summarisePrefixes(['1503', '1201', '1200', '1202', '1506', '1507'])).toEqual([
      '1200–1202',
      '1503',
      '1506, 1507',
    ]);
    expect(summarisePrefixes([])).toEqual([]);
  });
});
