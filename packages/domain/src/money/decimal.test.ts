import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { currencyMinorUnits, minorUnitsToDecimal, oreFromDecimal, oreToDecimal } from './decimal';
import { ore } from './ore';

describe('currencyMinorUnits', () => {
  it('knows the decimals of the currencies we meet', () => {
    for (const code of ['NOK', 'EUR', 'SEK', 'USD', 'GBP', 'CHF', 'DKK'])
      expect(currencyMinorUnits(code)).toBe(2);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('ISK')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits(' nok ')).toBe(2);
  });

  it('refuses what is not a currency code', () => {
    expect(() => currencyMinorUnits('KRONER')).toThrow(DomainError);
    expect(() => currencyMinorUnits('')).toThrow(expect.objectContaining({ code: 'INVALID_CURRENCY' }));
  });
});

describe('oreFromDecimal', () => {
  it.each([
    ['1234.5', 123450],
    ['1234.50', 123450],
    ['-1656.25', -165625],
    ['2700', 270000],
    ['+0.01', 1],
    ['.5', 50],
    ['5.', 500],
    ['0', 0],
    ['-0.00', 0],
    ['  802.00 ', 80200],
    ['8.850', 885],
    ['000123.40', 12340],
  ])('reads %s as %i øre', (text, expected) => {
    expect(oreFromDecimal(text)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(oreFromDecimal('-0'), 0)).toBe(true);
  });

  it('uses the decimals of the currency', () => {
    expect(oreFromDecimal('2700', currencyMinorUnits('JPY'))).toBe(2700);
    expect(oreFromDecimal('1.234', currencyMinorUnits('KWD'))).toBe(1234);
    expect(oreFromDecimal('2700.000', 0)).toBe(2700);
  });

  it.each([
    '8.855',
    '1.001',
    '',
    '-',
    '.',
    '1,50',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '1 000',
    '--1',
    '12345678901234567',
  ])('refuses %j with INVALID_AMOUNT', (text) => {
    expect(() => oreFromDecimal(text)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });

  it('refuses a yen amount with decimals', () => {
    expect(() => oreFromDecimal('2700.5', 0)).toThrow(DomainError);
  });
});

describe('oreToDecimal', () => {
  it.each([
    [123450, 'NOK', '1234.50'],
    [-165625, 'EUR', '-1656.25'],
    [5, 'NOK', '0.05'],
    [-5, 'NOK', '-0.05'],
    [0, 'NOK', '0.00'],
    [2700, 'JPY', '2700'],
    [1234, 'KWD', '1.234'],
  ])('writes %i %s as %s', (amount, currency, expected) => {
    expect(oreToDecimal(ore(amount), currency)).toBe(expected);
  });

  it('defaults to two decimals', () => {
    expect(oreToDecimal(ore(80200))).toBe('802.00');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => minorUnitsToDecimal(1.5, 2)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });
});

describe('decimal properties', () => {
  const decimals = fc.constantFrom(0, 2, 3);
  const amounts = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

  it('round-trips every safe integer through text', () => {
    fc.assert(
      fc.property(amounts, decimals, (amount, places) => {
        expect(oreFromDecimal(minorUnitsToDecimal(amount, places), places)).toBe(amount === 0 ? 0 : amount);
      }),
    );
  });

  it('agrees with exact integer arithmetic on kroner and øre', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (kroner, ore) => {
        const text = `${kroner}.${String(ore).padStart(2, '0')}`;
        expect(oreFromDecimal(text)).toBe(kroner * 100 + ore);
      }),
    );
  });

  it('throws nothing but DomainError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), decimals, (text, places) => {
        try {
          const value = oreFromDecimal(text, places);
          expect(Number.isSafeInteger(value)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
    );
  });
});
