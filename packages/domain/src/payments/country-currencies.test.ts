import { describe, expect, it } from 'vitest';
import { currencyMinorUnits } from '../money/decimal';
import { isCountryCode } from '../validators/country-codes';
import {
  countryCurrency,
  isPaymentCurrency,
  PAYMENT_COUNTRIES,
  PAYMENT_CURRENCIES,
} from './country-currencies';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const everyTwoLetterCode = LETTERS.flatMap((first) => LETTERS.map((second) => `${first}${second}`));

describe('country currencies', () => {
  it('has an entry for exactly the countries the country code check knows', () => {
    expect(PAYMENT_COUNTRIES).toEqual(everyTwoLetterCode.filter((code) => isCountryCode(code)));
    expect(PAYMENT_COUNTRIES).toHaveLength(250);
  });

  it.each([
    ['NO', 'NOK'],
    ['SJ', 'NOK'],
    ['SE', 'SEK'],
    ['DK', 'DKK'],
    ['GL', 'DKK'],
    ['DE', 'EUR'],
    ['BG', 'EUR'],
    ['FI', 'EUR'],
    ['GB', 'GBP'],
    ['CH', 'CHF'],
    ['LI', 'CHF'],
    ['PL', 'PLN'],
    ['US', 'USD'],
    ['PR', 'USD'],
    ['JP', 'JPY'],
    ['SN', 'XOF'],
  ])('pays in %s with its own currency %s', (country, currency) => {
    expect(countryCurrency(country)).toBe(currency);
  });

  it('reads a code in any case, says null for Antarctica and undefined for an unknown code', () => {
    expect(countryCurrency(' no ')).toBe('NOK');
    expect(countryCurrency('AQ')).toBeNull();
    expect(countryCurrency('ZZ')).toBeUndefined();
    expect(countryCurrency('UK')).toBeUndefined();
  });

  it('names only well-formed currency codes, each once', () => {
    expect(new Set(PAYMENT_CURRENCIES).size).toBe(PAYMENT_CURRENCIES.length);
    for (const currency of PAYMENT_CURRENCIES) {
      expect(currency).toMatch(/^[A-Z]{3}$/);
      expect(currencyMinorUnits(currency)).toBeGreaterThanOrEqual(0);
    }
    expect(currencyMinorUnits('JPY')).toBe(0);
  });

  it('takes the currencies countries pay in and refuses a made-up or withdrawn one', () => {
    expect(isPaymentCurrency('NOK')).toBe(true);
    expect(isPaymentCurrency('EUR')).toBe(true);
    expect(isPaymentCurrency('XYZ')).toBe(false);
    expect(isPaymentCurrency('BGN')).toBe(false);
    expect(isPaymentCurrency('nok')).toBe(false);
  });
});
