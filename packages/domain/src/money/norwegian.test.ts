import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  filterPositiveAmountInput,
  formatAmount,
  parseAmount,
  stripLetters,
  tryParseAmount,
} from './norwegian';
import { ore } from './ore';

describe('parseAmount', () => {
  it.each([
    ['1 234,50', 123450],
    ['1.234,50', 123450],
    ['1234.50', 123450],
    ['1234,50', 123450],
    ['1,234.50', 123450],
    ['-1 234,50', -123450],
    ['1 234,50-', -123450],
    ['−1 234,50', -123450],
    ['+99,90', 9990],
    ['(250,00)', -25000],
    ['1\u00A0234,50', 123450],
    ['1\u2009234,50', 123450],
    ['1\u202F234,50', 123450],
    ['kr 1 234,50', 123450],
    ['1 234,50 kr', 123450],
    ['NOK 99.90', 9990],
    ['-kr 100', -10000],
    ['100,-', 10000],
    ['kr 1 500,-', 150000],
    ['1 000', 100000],
    ['1.234.567,89', 123456789],
    ['1,234,567.89', 123456789],
    ['0,5', 50],
    [',75', 75],
    ['0', 0],
    ['-0,00', 0],
    ['  42  ', 4200],
  ])('reads "%s" as %i øre', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('cuts fractions beyond øre instead of rounding them', () => {
    expect(parseAmount('10,999', { decimal: ',' })).toBe(1099);
    expect(parseAmount('1234,5678')).toBe(123456);
    expect(parseAmount('-0,019')).toBe(-1);
    expect(parseAmount('0,009')).toBe(0);
  });

  it.each(['-1.000', '3.000', '1,000', '-1,000', '12.345', '999,999'])(
    'refuses "%s" as ambiguous when the decimal separator is not known',
    (text) => {
      expect(() => parseAmount(text)).toThrowError(expect.objectContaining({ code: 'AMBIGUOUS_AMOUNT' }));
    },
  );

  it('reads ambiguous input once the decimal separator is stated', () => {
    expect(parseAmount('-1.000', { decimal: ',' })).toBe(-100000);
    expect(parseAmount('-1.000', { decimal: '.' })).toBe(-100);
    expect(parseAmount('3.000', { decimal: ',' })).toBe(300000);
    expect(parseAmount('3,000', { decimal: ',' })).toBe(300);
  });

  it('treats three decimals as decimals when the number cannot be grouped', () => {
    expect(parseAmount('0,500')).toBe(50);
    expect(parseAmount('1234,567')).toBe(123456);
    expect(parseAmount('1 234,567')).toBe(123456);
  });

  it('holds the stated decimal separator against input written the other way', () => {
    expect(() => parseAmount('1,234.50', { decimal: ',' })).toThrowError(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
    expect(() => parseAmount('12,50', { decimal: '.' })).toThrowError(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
    expect(parseAmount('1.234,50', { decimal: ',' })).toBe(123450);
    expect(parseAmount('1,234.50', { decimal: '.' })).toBe(123450);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12a',
    '1 23',
    '12 34,50',
    '1.23.456',
    '1,2,3',
    '1.234.5',
    '1,234,5',
    '1 234.567.890',
    '--5',
    '(-5)',
    '.',
    ',',
    '1e5',
    '9999999999999999',
    '1 234,50,00',
  ])('refuses "%s" with INVALID_AMOUNT', (text) => {
    expect(() => parseAmount(text)).toThrowError(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });

  it('accepts the largest amount that fits in a safe integer of øre and refuses the next', () => {
    expect(parseAmount('90 071 992 547 409,91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseAmount('90 071 992 547 409,92')).toThrowError(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
  });

  it('answers undefined from tryParseAmount where parseAmount would throw', () => {
    expect(tryParseAmount('3.000')).toBeUndefined();
    expect(tryParseAmount('3.000', { decimal: ',' })).toBe(300000);
  });

  it('throws nothing but DomainError, whatever the input', () => {
    const noisyText = fc.string({
      unit: fc.constantFrom(...'0123456789 .,-+()kKrRnNoO\u00A0\u2009\u202F\u2212ab'.split('')),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), noisyText), fc.constantFrom(undefined, ',', '.'), (text, decimal) => {
        try {
          const amount = parseAmount(text, decimal === undefined ? {} : { decimal: decimal as ',' | '.' });
          expect(Number.isSafeInteger(amount)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatAmount', () => {
  it.each([
    [123450, '1 234,50'],
    [-123450, '-1 234,50'],
    [5, '0,05'],
    [-5, '-0,05'],
    [0, '0,00'],
    [100, '1,00'],
    [100000000, '1 000 000,00'],
    [Number.MAX_SAFE_INTEGER, '90 071 992 547 409,91'],
  ])('shows %i øre as "%s"', (amount, expected) => {
    expect(formatAmount(ore(amount))).toBe(expected);
  });

  it('can keep the number on one line with no-break spaces', () => {
    expect(formatAmount(ore(123456789), { groupSeparator: '\u00A0' })).toBe('1\u00A0234\u00A0567,89');
  });

  it('reads back every amount it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        const text = formatAmount(ore(amount));
        expect(parseAmount(text)).toBe(amount === 0 ? 0 : amount);
        expect(parseAmount(text, { decimal: ',' })).toBe(amount === 0 ? 0 : amount);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('amount input filters', () => {
  it('lets only digits, dot, comma and space through the positive-amount field', () => {
    expect(filterPositiveAmountInput('-kr 1 234,50 NOK!')).toBe(' 1 234,50 ');
    expect(filterPositiveAmountInput('12.5')).toBe('12.5');
  });

  it('strips letters of any script and keeps the rest', () => {
    expect(stripLetters('kr 1 234,50 NOK')).toBe(' 1 234,50 ');
    expect(stripLetters('-1.000,00 øre')).toBe('-1.000,00 ');
  });
});
