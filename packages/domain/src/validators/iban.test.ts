import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountNumberCheckDigit } from './account-number';
import { bbanToIban, formatIban, IBAN_LENGTHS, ibanToBban, isValidIban, validateIban } from './iban';
import { singleDigitChanges } from './test-support';

const norwegianAccount = fc
  .string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 10, maxLength: 10 })
  .map((firstTen) => {
    const check = accountNumberCheckDigit(firstTen);
    return check === undefined ? undefined : `${firstTen}${check}`;
  })
  .filter((value): value is string => value !== undefined && !/^0+$/.test(value));

describe('validateIban', () => {
  it('accepts a Norwegian IBAN and gives the country, BBAN and groups of four', () => {
    expect(validateIban('NO93 8601 1117 947')).toEqual({
      valid: true,
      normalized: 'NO9386011117947',
      formatted: 'NO93 8601 1117 947',
      country: 'NO',
      bban: '86011117947',
    });
  });

  it('accepts the spaces, dots and dashes IBANs are written with', () => {
    for (const written of [
      'NO93 8601 1117 947',
      'NO93.8601.1117.947',
      'NO93-8601-1117-947',
      'NO93 8601.1117-947',
    ]) {
      expect(validateIban(written)).toMatchObject({ valid: true, normalized: 'NO9386011117947' });
    }
  });

  it('accepts lower case and IBANs of other countries', () => {
    expect(isValidIban('gb29 nwbk 6016 1331 9268 19')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('SE4550000000058398257466')).toBe(true);
  });

  it.each([
    ['', 'EMPTY'],
    ['NO93_8601_1117_947', 'NOT_ALPHANUMERIC'],
    ['QQ93 1234 5678', 'COUNTRY'],
    ['NO93 8601 1117 94', 'LENGTH'],
    ['NO9A86011117947', 'FORMAT'],
    ['GB29NWBK6016133192681X', 'FORMAT'],
    ['NO00 8601 1117 947', 'FORMAT'],
    ['NO92 8601 1117 947', 'CHECKSUM'],
    ['NO23 8601 1117 946', 'NATIONAL_CHECKSUM'],
  ])('refuses "%s" with reason %s', (input, reason) => {
    expect(validateIban(input)).toMatchObject({ valid: false, reason });
  });

  it('knows the Norwegian length and the registry lengths of other countries', () => {
    expect(IBAN_LENGTHS.NO).toBe(15);
    expect(IBAN_LENGTHS.DE).toBe(22);
    expect(IBAN_LENGTHS.LC).toBe(32);
    expect(IBAN_LENGTHS.RU).toBe(33);
    expect(Object.keys(IBAN_LENGTHS).length).toBeGreaterThanOrEqual(85);
  });

  it('refuses every single-digit change of a valid IBAN', () => {
    fc.assert(
      fc.property(norwegianAccount, (account) => {
        const iban = bbanToIban('NO', account);
        expect(isValidIban(iban)).toBe(true);
        for (const changed of singleDigitChanges(iban)) expect(isValidIban(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('bbanToIban and ibanToBban', () => {
  it('builds the Norwegian IBAN of an account number and takes it apart again', () => {
    expect(bbanToIban('NO', '8601 11 17947')).toBe('NO9386011117947');
    expect(bbanToIban('no', '8601.11.17947')).toBe('NO9386011117947');
    expect(ibanToBban('NO93 8601 1117 947')).toBe('86011117947');
  });

  it('builds IBANs of other countries', () => {
    expect(bbanToIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
    expect(bbanToIban('GB', 'NWBK60161331926819')).toBe('GB29NWBK60161331926819');
  });

  it('round-trips every valid Norwegian account number', () => {
    fc.assert(
      fc.property(norwegianAccount, (account) => {
        expect(ibanToBban(bbanToIban('NO', account))).toBe(account);
      }),
    );
  });

  it('refuses an account number with a wrong check digit, a malformed BBAN and an unknown country', () => {
    expect(() => bbanToIban('NO', '86011117946')).toThrowError(
      expect.objectContaining({ code: 'INVALID_BBAN' }),
    );
    expect(() => bbanToIban('NO', '8601111794')).toThrowError(
      expect.objectContaining({ code: 'INVALID_BBAN' }),
    );
    expect(() => bbanToIban('QQ', '123')).toThrowError(expect.objectContaining({ code: 'INVALID_IBAN' }));
  });

  it('refuses to take the BBAN out of an invalid IBAN', () => {
    expect(() => ibanToBban('NO92 8601 1117 947')).toThrowError(
      expect.objectContaining({ code: 'INVALID_IBAN' }),
    );
  });

  it('formats in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
