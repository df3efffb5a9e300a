import type { Voucher } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { parseVoucherForm, toFormValues } from './voucher.form';

const today = '2025-06-15';

const voucher: Voucher = {
  Id: 7,
  CompanyId: 1,
  Date: '2025-06-01',
  SupplierName: 'Posten Norge',
  AmountOre: 123_450,
  Currency: 'NOK',
  DueDate: null,
  Kid: null,
  AccountNumber: '86011117947',
  Description: null,
  Source: 0,
  Status: 1,
  IsPaid: false,
  PaymentStatus: null,
  Labels: ['porto'],
  Files: [],
  CreatedAt: '2025-06-01T08:00:00.000Z',
  UpdatedAt: '2025-06-01T08:00:00.000Z',
  DeletedAt: null,
};

describe('the voucher edit form', () => {
  it('shows amounts, dates and account numbers the Norwegian way', () => {
    expect(toFormValues(voucher)).toMatchObject({
      date: '01.06.2025',
      amount: '1 234,50',
      accountNumber: '8601.11.17947',
    });
  });

  it('reads typed values into what the API stores', () => {
    const parsed = parseVoucherForm(
      { ...toFormValues(voucher), date: '0503', dueDate: '20.06.25', amount: '2 500,5', kid: '1234567897' },
      today,
    );
    expect(parsed).toMatchObject({
      isValid: true,
      changes: {
        date: '2025-03-05',
        dueDate: '2025-06-20',
        amountOre: 250_050,
        kid: '1234567897',
        accountNumber: '86011117947',
      },
    });
  });

  it('refuses an ambiguous amount, a wrong KID and a wrong account number, all at once', () => {
    const parsed = parseVoucherForm(
      {
        ...toFormValues(voucher),
        amount: '3.000',
        kid: '12345',
        accountNumber: '1234.56.78900',
        date: '31.02.2025',
      },
      today,
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: {
        date: 'vouchers.form.errors.date',
        amount: 'vouchers.form.errors.amountAmbiguous',
        kid: 'vouchers.form.errors.kidChecksum',
        accountNumber: 'vouchers.form.errors.accountChecksum',
      },
    });
  });

  it('clears fields left empty and keeps each label once', () => {
    const parsed = parseVoucherForm(
      { ...toFormValues(voucher), supplierName: '  ', amount: '', labels: ['porto', ' porto ', 'reise'] },
      today,
    );
    expect(parsed).toMatchObject({
      isValid: true,
      changes: { supplierName: null, amountOre: null, labels: ['porto', 'reise'] },
    });
  });
});
