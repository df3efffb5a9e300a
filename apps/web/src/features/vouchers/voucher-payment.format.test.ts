import { PaymentStatus } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { isPayable, paymentStatusOf } from './voucher-payment.format';

const unpaid = { IsPaid: false, AmountOre: 125_000, DeletedAt: null, PaymentStatus: null };

describe('which vouchers can go on the payment list', () => {
  it('offers an unpaid voucher with an amount, and one whose earlier payment failed or was removed', () => {
    expect(isPayable(unpaid)).toBe(true);
    expect(isPayable({ ...unpaid, PaymentStatus: PaymentStatus.FAILED })).toBe(true);
    expect(isPayable({ ...unpaid, PaymentStatus: PaymentStatus.IGNORED })).toBe(true);
  });

  it('holds back a voucher already on the list or with the bank, so it is not paid twice', () => {
    expect(isPayable({ ...unpaid, PaymentStatus: PaymentStatus.FOR_APPROVE })).toBe(false);
    expect(isPayable({ ...unpaid, PaymentStatus: PaymentStatus.PROCESSING })).toBe(false);
  });

  it('holds back a paid, deleted or amountless voucher', () => {
    expect(isPayable({ ...unpaid, IsPaid: true })).toBe(false);
    expect(isPayable({ ...unpaid, DeletedAt: '2026-11-01T10:00:00Z' })).toBe(false);
    expect(isPayable({ ...unpaid, AmountOre: null })).toBe(false);
    expect(isPayable({ ...unpaid, AmountOre: 0 })).toBe(false);
  });
});

describe('the payment status a voucher carries', () => {
  it('reads a known status and treats anything else as none', () => {
    expect(paymentStatusOf(PaymentStatus.CANCELED)).toBe(PaymentStatus.CANCELED);
    expect(paymentStatusOf(null)).toBeNull();
    expect(paymentStatusOf(77)).toBeNull();
  });
});
