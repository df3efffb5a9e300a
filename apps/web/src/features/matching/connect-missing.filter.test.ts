import { describe, expect, it } from 'vitest';
import {
  connectMissingFilter,
  countActiveConnectMissingFilters,
  readSortChoice,
  sortChoiceOf,
} from './connect-missing.filter';

describe('the connect-missing filter in the address', () => {
  it('starts from the defaults of the spec', () => {
    expect(connectMissingFilter.defaults).toEqual({
      pageNumber: 1,
      pageSize: 50,
      sortBy: 'Voucher.Date',
      sortType: 'desc',
      keyword: undefined,
      status: 0,
      connectStatus: 0,
    });
  });

  it('reads back what it wrote, leaving defaults out of the address', () => {
    const filter = {
      ...connectMissingFilter.defaults,
      keyword: 'Telenor',
      status: 3 as const,
      connectStatus: 1 as const,
      sortBy: 'Voucher.Amount' as const,
      sortType: 'asc' as const,
      pageNumber: 2,
    };
    const params = connectMissingFilter.write(filter, new URLSearchParams());
    expect(params.toString()).toBe('page=2&sort=Voucher.Amount&order=asc&q=Telenor&status=3&suggestions=1');
    expect(connectMissingFilter.read(params)).toEqual(filter);
  });

  it('treats a status the contract refuses as absent', () => {
    const params = new URLSearchParams('status=2&suggestions=7&sort=BankTransaction.Text');
    expect(connectMissingFilter.read(params)).toEqual(connectMissingFilter.defaults);
  });

  it('counts the filters a reset clears', () => {
    expect(
      countActiveConnectMissingFilters({ ...connectMissingFilter.defaults, status: 4, keyword: 'x' }),
    ).toBe(2);
  });

  it('offers the four orders as one choice', () => {
    expect(sortChoiceOf({ sortBy: 'Voucher.Amount', sortType: 'desc' })).toBe('largest');
    expect(readSortChoice('oldest')).toEqual({ sortBy: 'Voucher.Date', sortType: 'asc' });
    expect(readSortChoice('sideways')).toBeUndefined();
  });
});
