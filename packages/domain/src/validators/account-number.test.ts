import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountNumberCheckDigit,
  accountNumberOf,
  formatAccountNumber,
  isValidAccountNumber,
  validateAccountNumber,
} from './account-number';
import { singleDigitChanges } from './test-support';

/** Ten digits followed by their check digit, for every ten-digit start that has one. */
const validAccountNumber = fc
  .string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 10, maxLength: 10 })
  .map((firstTen) => {
    const check = accountNumberCheckDigit(firstTen);
    return check === undefined ? undefined : `${firstTen}${check}`;
  })
  .filter((value): value is string => value !== undefined && !/^0+$/.test(value));

describe('validateAccountNumber', () => {
  it('accepts a valid number and gives its compact and 4.2.5 forms', () => {
    expect(validateAccountNumber('86011117947')).toEqual({
      valid: true,
      normalized: '86011117947',
      formatted: '8601.11.17947',
    });
  });

  it('ignores the spaces and dots people write', () => {
    expect(validateAccountNumber('8601 11 17947').valid).toBe(true);
    expect(validateAccountNumber('8601.11.17947').valid).toBe(true);
    expect(validateAccountNumber(' 8601 . 11 . 17947 ').valid).toBe(true);
  });

  it('accepts a Norwegian IBAN as its account number and says it was one, whatever its separators', () => {
    for (const written of [
      'NO39 1503 2024 154',
      'NO3915032024154',
      'no39.1503.2024.154',
      'NO39-1503-2024-154',
    ]) {
      expect(validateAccountNumber(written)).toEqual({
        valid: true,
        normalized: '15032024154',
        formatted: '1503.20.24154',
        iban: 'NO3915032024154',
      });
    }
  });

  it('refuses a Norwegian IBAN whose check digits or account number are wrong, and a foreign IBAN', () => {
    expect(validateAccountNumber('NO38 1503 2024 154')).toMatchObject({
      valid: false,
      reason: 'IBAN_CHECKSUM',
    });
    expect(validateAccountNumber('NO23 8601 1117 946')).toMatchObject({ valid: false, reason: 'CHECKSUM' });
    expect(validateAccountNumber('SE45 5000 0000 0583 9825 7466')).toMatchObject({
      valid: false,
      reason: 'NOT_DIGITS',
    });
  });

  it('finds the account number in what was typed, IBAN or not', () => {
    expect(accountNumberOf('NO39 1503 2024 154')).toBe('15032024154');
    expect(accountNumberOf('1503.20.24154')).toBe('15032024154');
    expect(accountNumberOf('1503 20')).toBe('150320');
  });

  it('accepts check digit 0 when the remainder is 0', () => {
    const firstTen = '1234567804';
    expect(accountNumberCheckDigit(firstTen)).toBe(0);
    expect(isValidAccountNumber(`${firstTen}0`)).toBe(true);
  });

  it('knows ten-digit starts for which no check digit exists (remainder gives 10)', () => {
    expect(accountNumberCheckDigit('1234567813')).toBeUndefined();
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(validateAccountNumber(`1234567813${digit}`).reason).toBe('CHECKSUM');
    }
  });

  it.each([
    ['', 'EMPTY'],
    ['8601-11-17947', 'NOT_DIGITS'],
    ['abcdefghijk', 'NOT_DIGITS'],
    ['8601111794', 'LENGTH'],
    ['860111179470', 'LENGTH'],
    ['00000000000', 'ALL_ZERO'],
    ['0000.00.00000', 'ALL_ZERO'],
    ['86011117949', 'CHECKSUM'],
  ])('refuses "%s" with reason %s', (input, reason) => {
    const result = validateAccountNumber(input);
    expect(result.valid).toBe(false);
    expect(result.reason).toBe(reason);
    expect(result.formatted).toBeUndefined();
  });

  it('accepts every generated valid number and refuses every single-digit change of it', () => {
    fc.assert(
      fc.property(validAccountNumber, (accountNumber) => {
        expect(isValidAccountNumber(accountNumber)).toBe(true);
        for (const changed of singleDigitChanges(accountNumber)) {
          expect(isValidAccountNumber(changed)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatAccountNumber', () => {
  it('shows 11 digits as 4.2.5', () => {
    expect(formatAccountNumber('12345678903')).toBe('1234.56.78903');
    expect(formatAccountNumber('1234 56 78903')).toBe('1234.56.78903');
  });

  it('leaves anything that is not 11 digits as given', () => {
    expect(formatAccountNumber('1234')).toBe('1234');
    expect(formatAccountNumber('NO9386011117947')).toBe('NO9386011117947');
  });
});
