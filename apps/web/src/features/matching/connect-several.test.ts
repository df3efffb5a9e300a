import { describe, expect, it } from 'vitest';
import { connectBalance } from './connect-several';

const paid = (AmountOre: number) => ({ AmountOre });

describe('connecting several transactions and vouchers', () => {
  it('allows one with one whatever the amounts', () => {
    expect(connectBalance([paid(-50000)], [paid(49900)])).toMatchObject({
      differenceOre: 100,
      canConnect: true,
    });
  });

  it('allows one payment for several invoices only when they add up to the øre', () => {
    const transactions = [paid(-150050)];
    expect(connectBalance(transactions, [paid(100000), paid(50050)])).toMatchObject({
      transactionsOre: -150050,
      vouchersOre: 150050,
      differenceOre: 0,
      canConnect: true,
    });
    expect(connectBalance(transactions, [paid(100000), paid(50049)]).canConnect).toBe(false);
  });

  it('counts a credit note against the invoice it reduces', () => {
    expect(connectBalance([paid(-80000)], [paid(100000), paid(-20000)]).canConnect).toBe(true);
  });

  it('cannot check a voucher without an amount, unless it is one with one', () => {
    expect(connectBalance([paid(-100), paid(-200)], [{ AmountOre: null }])).toMatchObject({
      vouchersOre: undefined,
      canConnect: false,
    });
    expect(connectBalance([paid(-100)], [{ AmountOre: null }]).canConnect).toBe(true);
  });

  it('needs at least one of each', () => {
    expect(connectBalance([paid(-100)], []).canConnect).toBe(false);
    expect(connectBalance([], [paid(100)]).canConnect).toBe(false);
  });
});
