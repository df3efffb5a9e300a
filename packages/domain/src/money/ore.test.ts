import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { addOre, isOre, ore } from './ore';

describe('ore', () => {
  it('accepts whole numbers of øre, negative ones too', () => {
    expect(ore(123450)).toBe(123450);
    expect(ore(-5)).toBe(-5);
  });

  it('turns negative zero into zero', () => {
    expect(Object.is(ore(-0), 0)).toBe(true);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s with INVALID_AMOUNT', (value) => {
    expect(() => ore(value)).toThrowError(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => ore(value)).toThrow(DomainError);
  });

  it('recognises øre values', () => {
    expect(isOre(100)).toBe(true);
    expect(isOre(1.5)).toBe(false);
    expect(isOre('100')).toBe(false);
  });

  it('adds amounts and refuses a sum beyond the safe range', () => {
    expect(addOre(ore(100), ore(-25), ore(5))).toBe(80);
    expect(() => addOre(ore(Number.MAX_SAFE_INTEGER), ore(1))).toThrowError(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
  });
});
