import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { createKid, generateKidCheckDigit, isValidKid, type KidAlgorithm, validateKid } from './kid';
import { singleDigitChanges } from './test-support';

const kidBase = fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 24 });
const algorithm = fc.constantFrom<KidAlgorithm>('MOD10', 'MOD11');

describe('validateKid', () => {
  it('accepts a MOD10 (Luhn) KID and says which algorithm it satisfies', () => {
    expect(validateKid('9876541')).toMatchObject({ valid: true, algorithm: 'MOD10', algorithms: ['MOD10'] });
  });

  it('accepts a MOD11 KID and says which algorithm it satisfies', () => {
    expect(validateKid('9876545')).toMatchObject({ valid: true, algorithm: 'MOD11', algorithms: ['MOD11'] });
  });

  it('accepts "-" as the MOD11 check character for a remainder of 10', () => {
    expect(generateKidCheckDigit('1000005', 'MOD11')).toBe('-');
    expect(validateKid('1000005-')).toMatchObject({ valid: true, algorithm: 'MOD11' });
    expect(validateKid('1000005-', { algorithm: 'MOD10' }).valid).toBe(false);
  });

  it('reports both algorithms when the check digit happens to satisfy both', () => {
    expect(validateKid('2345676')).toMatchObject({
      valid: true,
      algorithm: 'MOD10',
      algorithms: ['MOD10', 'MOD11'],
    });
  });

  it('can be held to one algorithm', () => {
    expect(validateKid('9876541', { algorithm: 'MOD11' })).toMatchObject({
      valid: false,
      reason: 'CHECKSUM',
    });
    expect(validateKid('9876541', { algorithm: 'MOD10' })).toMatchObject({
      valid: true,
      algorithms: ['MOD10'],
    });
  });

  it('ignores spaces inside the KID', () => {
    expect(validateKid('234 5676')).toMatchObject({ valid: true, normalized: '2345676' });
  });

  it.each([
    ['', 'EMPTY'],
    ['12a4', 'NOT_DIGITS'],
    ['-123', 'NOT_DIGITS'],
    ['12-4', 'NOT_DIGITS'],
    ['5', 'LENGTH'],
    ['12345678901234567890123456', 'LENGTH'],
    ['2345674', 'CHECKSUM'],
    ['100030', 'CHECKSUM'],
    ['0003434323213231', 'CHECKSUM'],
  ])('refuses "%s" with reason %s', (input, reason) => {
    expect(validateKid(input)).toMatchObject({ valid: false, reason, algorithms: [] });
  });

  it('accepts the shortest (2) and longest (25) KIDs', () => {
    expect(isValidKid(createKid('4', 'MOD10'))).toBe(true);
    expect(isValidKid(createKid('123456789012345678901234', 'MOD11'))).toBe(true);
  });

  it('accepts every generated KID and refuses every single-digit change under the same algorithm', () => {
    fc.assert(
      fc.property(kidBase, algorithm, (base, kidAlgorithm) => {
        const kid = createKid(base, kidAlgorithm);
        expect(validateKid(kid, { algorithm: kidAlgorithm }).valid).toBe(true);
        for (const changed of singleDigitChanges(kid)) {
          expect(validateKid(changed, { algorithm: kidAlgorithm }).valid).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('generateKidCheckDigit', () => {
  it('computes Luhn and MOD11 check characters', () => {
    expect(generateKidCheckDigit('234567', 'MOD10')).toBe('6');
    expect(generateKidCheckDigit('1234567890', 'MOD11')).toBe('3');
    expect(createKid('000000123', 'MOD10')).toBe('0000001230');
    expect(createKid('000000123', 'MOD11')).toBe('0000001236');
  });

  it.each(['', 'abc', '12 3x', '1234567890123456789012345'])('refuses the base "%s"', (base) => {
    expect(() => generateKidCheckDigit(base, 'MOD10')).toThrowError(
      expect.objectContaining({ code: 'INVALID_KID' }),
    );
  });

  it('refuses an unknown algorithm with a DomainError', () => {
    expect(() => generateKidCheckDigit('123', 'MOD12' as KidAlgorithm)).toThrow(DomainError);
  });
});
