import { describe, expect, it } from 'vitest';
import { countActiveTransactionFilters, listQueryFilter, transactionFilter } from './transaction.filter';

describe('the bank transaction filter in the address', () => {
  it('starts from the defaults of the spec', () => {
    expect(transactionFilter.defaults).toMatchObject({
      month: 0,
      sortBy: 'BankTransaction.Date',
      sortType: 'desc',
      companyBankId: 0,
      pageNumber: 1,
      pageSize: 50,
      status: 0,
      filterAmount: 'all',
    });
    expect(transactionFilter.defaults.year).toBeUndefined();
    expect(transactionFilter.defaults.keyword).toBeUndefined();
  });

  it('reads back what it wrote, leaving defaults out of the address', () => {
    const filter = {
      ...transactionFilter.defaults,
      year: 2025,
      month: 4,
      companyBankId: 7,
      status: 3,
      keyword: 'Rema',
      filterAmount: 'out' as const,
      sortBy: 'BankTransaction.Amount' as const,
      sortType: 'asc' as const,
      pageNumber: 2,
    };
    const params = transactionFilter.write(filter, new URLSearchParams());
    expect(params.toString()).toBe(
      'year=2025&month=4&sort=BankTransaction.Amount&order=asc&account=7&page=2&status=3&q=Rema&amount=out',
    );
    expect(transactionFilter.read(params)).toEqual(filter);
  });

  it('treats a value the contract refuses as absent instead of failing', () => {
    const params = new URLSearchParams(
      'status=9&amount=sideways&account=-1&sort=Voucher.Date&order=up&month=13&from=31.02.2025&page=0',
    );
    expect(transactionFilter.read(params)).toEqual(transactionFilter.defaults);
  });

  it('keeps the parameters of the screen beside the filter, such as the open transaction', () => {
    const params = transactionFilter.write(
      transactionFilter.defaults,
      new URLSearchParams('transaction=12&status=1'),
    );
    expect(params.toString()).toBe('transaction=12');
  });

  it('counts the filters a reset clears, not the account or the year', () => {
    const filter = { ...transactionFilter.defaults, year: 2024, companyBankId: 3, status: 4, keyword: 'x' };
    expect(countActiveTransactionFilters(filter)).toBe(2);
  });

  it('asks for every year of an import, since a statement may cross a new year', () => {
    const filter = { ...transactionFilter.defaults, month: 3, importId: 12 };
    expect(listQueryFilter(filter, 2025)).toMatchObject({ year: undefined, month: 0, importId: 12 });
    expect(listQueryFilter({ ...filter, importId: undefined }, 2025)).toMatchObject({ year: 2025, month: 3 });
  });
});
