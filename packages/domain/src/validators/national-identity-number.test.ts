import { describe, expect, it } from 'vitest';
import { isValidNationalIdentityNumber, validateNationalIdentityNumber } from './national-identity-number';

describe('national identity numbers', () => {
  it('accepts numbers whose two control digits hold, synthetic test numbers included', () => {
    for (const number of ['12857910093', '03878510096', '21919010182', '30827210060', '07896610087']) {
      expect(isValidNationalIdentityNumber(number)).toBe(true);
    }
    expect(validateNationalIdentityNumber('128579 10093')).toEqual({
      valid: true,
      normalized: '12857910093',
      formatted: '128579 10093',
    });
  });

  it('says why a number is refused', () => {
    expect(validateNationalIdentityNumber('')).toMatchObject({ valid: false, reason: 'EMPTY' });
    expect(validateNationalIdentityNumber('1285791009x')).toMatchObject({
      valid: false,
      reason: 'NOT_DIGITS',
    });
    expect(validateNationalIdentityNumber('1285791009')).toMatchObject({ valid: false, reason: 'LENGTH' });
    // Either control digit wrong, or two digits swapped.
    expect(validateNationalIdentityNumber('12857910094')).toMatchObject({ valid: false, reason: 'CHECKSUM' });
    expect(validateNationalIdentityNumber('12857910193')).toMatchObject({ valid: false, reason: 'CHECKSUM' });
    expect(validateNationalIdentityNumber('12857910039')).toMatchObject({ valid: false, reason: 'CHECKSUM' });
  });
});
