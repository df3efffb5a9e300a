import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatOrganisationNumber,
  isValidOrganisationNumber,
  organisationNumberCheckDigit,
  validateOrganisationNumber,
  validateVatNumber,
} from './organisation-number';
import { singleDigitChanges } from './test-support';

const validOrganisationNumber = fc
  .string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 8, maxLength: 8 })
  .map((firstEight) => {
    const check = organisationNumberCheckDigit(firstEight);
    return check === undefined ? undefined : `${firstEight}${check}`;
  })
  .filter((value): value is string => value !== undefined);

describe('validateOrganisationNumber', () => {
  it('accepts a valid number written with spaces and shows it in groups of three', () => {
    expect(validateOrganisationNumber('988 077 917')).toEqual({
      valid: true,
      normalized: '988077917',
      formatted: '988 077 917',
    });
  });

  it('accepts check digit 0 and refuses starts for which no check digit exists', () => {
    expect(organisationNumberCheckDigit('12345613')).toBe(0);
    expect(isValidOrganisationNumber('123456130')).toBe(true);
    expect(organisationNumberCheckDigit('12345605')).toBeUndefined();
  });

  it.each([
    ['', 'EMPTY'],
    ['98807791A', 'NOT_DIGITS'],
    ['98807791', 'LENGTH'],
    ['9880779170', 'LENGTH'],
    ['988077918', 'CHECKSUM'],
    ['123456789', 'CHECKSUM'],
  ])('refuses "%s" with reason %s', (input, reason) => {
    expect(validateOrganisationNumber(input)).toMatchObject({ valid: false, reason });
  });

  it('accepts every generated valid number and refuses every single-digit change of it', () => {
    fc.assert(
      fc.property(validOrganisationNumber, (number) => {
        expect(isValidOrganisationNumber(number)).toBe(true);
        for (const changed of singleDigitChanges(number))
          expect(isValidOrganisationNumber(changed)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('formats only nine-digit input', () => {
    expect(formatOrganisationNumber('988077917')).toBe('988 077 917');
    expect(formatOrganisationNumber('98807')).toBe('98807');
  });
});

describe('validateVatNumber', () => {
  it('accepts the organisation number with MVA, with or without the NO prefix', () => {
    expect(validateVatNumber('NO 995 525 828 MVA')).toEqual({
      valid: true,
      normalized: 'NO995525828MVA',
      formatted: 'NO 995 525 828 MVA',
    });
    expect(validateVatNumber('995525828MVA').valid).toBe(true);
    expect(validateVatNumber('no995525828mva').valid).toBe(true);
  });

  it('refuses a wrong check digit and a missing MVA suffix', () => {
    expect(validateVatNumber('NO 995 525 829 MVA')).toMatchObject({ valid: false, reason: 'CHECKSUM' });
    expect(validateVatNumber('NO995525828')).toMatchObject({ valid: false, reason: 'FORMAT' });
  });
});
