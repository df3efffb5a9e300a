import type { Payment, PaymentActions } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  commonDebtorAccount,
  exportableAccounts,
  paymentRowActions,
  signablePayments,
} from './payment.actions';

const preparer: PaymentActions = {
  canView: true,
  canPrepare: true,
  canPay: false,
  canManageUsers: false,
  verifiedCompanyBankIds: [],
};
const payer: PaymentActions = { ...preparer, canPay: true, verifiedCompanyBankIds: [1] };
const viewer: PaymentActions = { ...preparer, canPrepare: false };

describe('what can be done to a payment', () => {
  it('lets a payment user edit or remove what waits for approval', () => {
    expect(paymentRowActions({ Status: 0 }, preparer)).toEqual(['edit', 'remove', 'info']);
    expect(paymentRowActions({ Status: 0 }, viewer)).toEqual(['info']);
  });

  it('lets only those who may pay cancel what the bank has not paid', () => {
    expect(paymentRowActions({ Status: 1 }, payer)).toEqual(['cancel', 'info']);
    expect(paymentRowActions({ Status: 1 }, preparer)).toEqual(['info']);
  });

  it('keeps a payment being signed as it is, and lets a payer open its basket', () => {
    expect(paymentRowActions({ Status: 0, BasketUuid: 'b-1' }, { ...payer, canPrepare: true })).toEqual([
      'openBasket',
      'info',
    ]);
    expect(paymentRowActions({ Status: 0, BasketUuid: 'b-1' }, preparer)).toEqual(['info']);
  });

  it('stops a payment sent with a basket at the bank instead of cancelling it here', () => {
    expect(paymentRowActions({ Status: 1, BasketUuid: 'b-1' }, payer)).toEqual(['stopAtBank', 'info']);
    expect(paymentRowActions({ Status: 1, BasketUuid: null }, payer)).toEqual(['cancel', 'info']);
    expect(paymentRowActions({ Status: 1, BasketUuid: 'b-1' }, preparer)).toEqual(['info']);
  });

  it('leaves finished payments to be looked at', () => {
    for (const status of [2, 3, 4, 4001] as const)
      expect(paymentRowActions({ Status: status }, payer)).toEqual(['info']);
    expect(paymentRowActions({ Status: 0 }, undefined)).toEqual(['info']);
  });
});

describe('exporting', () => {
  it('offers the verified accounts with payments waiting, summed over their due dates', () => {
    const total = (id: number | null, amountOre: number, count: number) => ({
      DebtorCompanyBankId: id,
      AmountOre: amountOre,
      Count: count,
      Currency: 'NOK',
    });
    expect(
      exportableAccounts([total(1, 1000, 1), total(1, 500, 2), total(2, 900, 1), total(null, 5, 1)], [1]),
    ).toEqual([{ companyBankId: 1, count: 3, totalOre: 1500, currency: 'NOK' }]);
  });

  it('makes one file of selected payments only when they share an account', () => {
    const from = (id: number | null) => ({ DebtorCompanyBankId: id }) as Pick<Payment, 'DebtorCompanyBankId'>;
    expect(commonDebtorAccount([from(3), from(3)])).toBe(3);
    expect(commonDebtorAccount([from(3), from(4)])).toBeUndefined();
    expect(commonDebtorAccount([from(null)])).toBeUndefined();
    expect(commonDebtorAccount([])).toBeUndefined();
  });
});

describe('signing and paying', () => {
  const waiting = (id: number, changes: Partial<Payment> = {}) =>
    ({ Id: id, Status: 0, BasketUuid: null, ...changes }) as Payment;

  it('puts in a basket only payments waiting for approval that are in none already', () => {
    const payments = [waiting(1), waiting(2, { BasketUuid: 'b-1' }), waiting(3, { Status: 1 }), waiting(4)];
    expect(signablePayments(payments, payer).map((payment) => payment.Id)).toEqual([1, 4]);
  });

  it('lets only those who may pay sign', () => {
    expect(signablePayments([waiting(1)], preparer)).toEqual([]);
    expect(signablePayments([waiting(1)], undefined)).toEqual([]);
  });
});
