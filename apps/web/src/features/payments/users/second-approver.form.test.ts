import { describe, expect, it } from 'vitest';
import { parseSecondApprover, secondApproverValues } from './second-approver.form';

describe('the amount above which two people must sign', () => {
  it('reads the Norwegian ways of writing an amount in kroner', () => {
    for (const [amount, ore] of [
      ['50 000', 5_000_000],
      ['50 000,00', 5_000_000],
      ['50.000,50', 5_000_050],
      ['1250,5', 125_050],
      ['100', 10_000],
    ] as const)
      expect(parseSecondApprover({ amount }), amount).toEqual({ isValid: true, secondApproverAboveOre: ore });
  });

  it('means one signature is always enough when left empty', () => {
    expect(parseSecondApprover({ amount: '  ' })).toEqual({ isValid: true, secondApproverAboveOre: null });
  });

  it('refuses nothing, a negative amount and text', () => {
    expect(parseSecondApprover({ amount: '0' })).toMatchObject({ isValid: false });
    expect(parseSecondApprover({ amount: '-100' })).toMatchObject({ isValid: false });
    expect(parseSecondApprover({ amount: 'femti' })).toEqual({
      isValid: false,
      errors: { amount: 'signing.secondApprover.errors.invalid' },
    });
  });

  it('asks where the øre begin rather than guess', () => {
    expect(parseSecondApprover({ amount: '3.000' })).toEqual({
      isValid: false,
      errors: { amount: 'signing.secondApprover.errors.ambiguous' },
    });
  });

  it('shows a saved limit the way it is typed, and no limit as empty', () => {
    expect(secondApproverValues(5_000_000)).toEqual({ amount: '50 000,00' });
    expect(secondApproverValues(null)).toEqual({ amount: '' });
    expect(parseSecondApprover(secondApproverValues(123_456))).toEqual({
      isValid: true,
      secondApproverAboveOre: 123_456,
    });
  });
});
