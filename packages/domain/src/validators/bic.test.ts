import { describe, expect, it } from 'vitest';
import { isValidBic, validateBic } from './bic';

describe('validateBic', () => {
  it('accepts an 8-character BIC and names its parts', () => {
    expect(validateBic('DNBANOKK')).toEqual({
      valid: true,
      normalized: 'DNBANOKK',
      formatted: 'DNBANOKK',
      institution: 'DNBA',
      country: 'NO',
      location: 'KK',
      isTest: false,
    });
  });

  it('accepts an 11-character BIC with a branch, in any case and with spaces', () => {
    expect(validateBic('dnba no kk xxx')).toMatchObject({
      valid: true,
      normalized: 'DNBANOKKXXX',
      branch: 'XXX',
    });
  });

  it('accepts the countries SWIFT issues BICs in, Kosovo (XK) among them', () => {
    for (const bic of ['HANDSESS', 'BARCGB22', 'DEUTDEFF500', 'NDEAFIHH', 'RBKOXKPR']) {
      expect(validateBic(bic)).toMatchObject({ valid: true });
    }
  });

  it('flags test and training BICs (location code ending in 0)', () => {
    expect(validateBic('DNBANOK0').isTest).toBe(true);
  });

  it.each([
    ['', 'EMPTY'],
    ['DNBANOK', 'LENGTH'],
    ['DNBANOKKX', 'LENGTH'],
    ['DNBAN0KK', 'FORMAT'],
    ['DNBANOK_', 'FORMAT'],
    ['DNBAZZKK', 'COUNTRY'],
    ['DNBAEUKK', 'COUNTRY'],
    ['BARCUKKL', 'COUNTRY'],
  ])('refuses "%s" with reason %s', (input, reason) => {
    expect(validateBic(input)).toMatchObject({ valid: false, reason });
    expect(isValidBic(input)).toBe(false);
  });
});
