import { VoucherPaymentState } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultVoucherFilter,
  readVoucherFilter,
  voucherListSearch,
  writeVoucherFilter,
} from './voucher.filter';

describe('the voucher filter in the address', () => {
  it('starts from the defaults of the spec', () => {
    expect(defaultVoucherFilter).toMatchObject({
      month: 0,
      sortBy: 'Id',
      sortType: 'desc',
      pageNumber: 1,
      pageSize: 50,
      source: -1,
      status: -1,
    });
  });

  it('reads back what it wrote, leaving defaults out of the address', () => {
    const filter = {
      ...defaultVoucherFilter,
      year: 2025,
      month: 3,
      from: '2025-03-01',
      keyword: 'Posten',
      status: 1,
      sortBy: 'Amount' as const,
      sortType: 'asc' as const,
    };
    const params = writeVoucherFilter(filter, new URLSearchParams());
    expect(params.toString()).toBe(
      'year=2025&month=3&from=2025-03-01&sort=Amount&order=asc&q=Posten&status=1',
    );
    expect(readVoucherFilter(params)).toEqual(filter);
  });

  it('treats a value the contract refuses as absent instead of failing', () => {
    const filter = readVoucherFilter(new URLSearchParams('month=13&sort=Nope&page=-2&from=31.02.2025&id=x'));
    expect(filter).toEqual(defaultVoucherFilter);
  });

  it('keeps the payment state in the address, and reads one the spec does not know as any', () => {
    const toPay = { ...defaultVoucherFilter, paymentState: VoucherPaymentState.TO_PAY };
    const params = writeVoucherFilter(toPay, new URLSearchParams());
    expect(params.toString()).toBe('payment=0');
    expect(readVoucherFilter(params)).toEqual(toPay);
    expect(readVoucherFilter(new URLSearchParams('payment=2')).paymentState).toBe(VoucherPaymentState.ANY);
  });

  it('keeps parameters that belong to another screen', () => {
    const params = writeVoucherFilter(defaultVoucherFilter, new URLSearchParams('company=3&month=4'));
    expect(params.toString()).toBe('company=3');
  });

  it('links to the list of one month with only that filter in the address', () => {
    expect(voucherListSearch({ year: 2025, month: 3 })).toBe('?year=2025&month=3');
  });
});
