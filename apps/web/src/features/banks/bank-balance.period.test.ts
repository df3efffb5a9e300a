import { describe, expect, it } from 'vitest';
import { defaultBalancePeriod, parseBalancePeriod } from './bank-balance.period';

const today = '2025-06-15';

describe('the balance period', () => {
  it('starts as the year so far', () => {
    expect(defaultBalancePeriod(today)).toEqual({ ibDate: '2025-01-01', ubDate: '2025-06-15' });
  });

  it('reads dates typed the Norwegian way', () => {
    expect(parseBalancePeriod('0103', '31.03.2025', today)).toEqual({
      isValid: true,
      period: { ibDate: '2025-03-01', ubDate: '2025-03-31' },
    });
  });

  it('needs both ends, each a real date', () => {
    expect(parseBalancePeriod('', '30.02.2025', today)).toEqual({
      isValid: false,
      errors: { ibDate: 'bankAccounts.form.errors.date', ubDate: 'bankAccounts.form.errors.date' },
    });
  });

  it('refuses a period that ends before it starts', () => {
    expect(parseBalancePeriod('01.06.2025', '31.05.2025', today)).toEqual({
      isValid: false,
      errors: { ubDate: 'bankAccounts.balance.endBeforeStart' },
    });
  });
});
