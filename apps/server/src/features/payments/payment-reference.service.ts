import { type Country, type Currency, ErrorCode, type Language } from '@bilag/contracts';
import {
  availableDueDates as bankingDueDates,
  countryCurrency,
  currencyMinorUnits,
  earliestDueDate,
  isPaymentCurrency,
  isSepaCountry,
  PAYMENT_COUNTRIES,
  PAYMENT_CURRENCIES,
  PAYMENT_REASON_CODES,
  todayIsoDate,
} from '@bilag/domain';
import { AppError, Errors } from '../../platform/errors';

/** The currencies Norwegian companies pay in most, offered first in this order. */
const COMMON_CURRENCIES = ['NOK', 'EUR', 'SEK', 'DKK', 'USD', 'GBP', 'CHF', 'PLN'];

const LOCALES: Record<Language, string> = { en: 'en', no: 'nb' };

function displayNames(language: Language, type: 'region' | 'currency') {
  return new Intl.DisplayNames([LOCALES[language]], { type, fallback: 'code' });
}

/** Reference data is the same for every request of a language, so each list is built once. */
const countriesByLanguage = new Map<Language, Country[]>();
const currenciesByLanguage = new Map<Language, Currency[]>();

export function listPaymentCountries(language: Language): Country[] {
  const cached = countriesByLanguage.get(language);
  if (cached) return cached;
  const names = displayNames(language, 'region');
  const collator = new Intl.Collator(LOCALES[language]);
  const countries = PAYMENT_COUNTRIES.map((code) => ({
    Code: code,
    Name: names.of(code) ?? code,
    Currency: countryCurrency(code) ?? null,
    IsSepa: isSepaCountry(code),
  })).sort(
    (left, right) =>
      Number(right.Code === 'NO') - Number(left.Code === 'NO') || collator.compare(left.Name, right.Name),
  );
  countriesByLanguage.set(language, countries);
  return countries;
}

function toCurrency(code: string, names: Intl.DisplayNames): Currency {
  return { Code: code, Name: names.of(code) ?? code, Decimals: currencyMinorUnits(code) };
}

export function listPaymentCurrencies(language: Language): Currency[] {
  const cached = currenciesByLanguage.get(language);
  if (cached) return cached;
  const names = displayNames(language, 'currency');
  const rest = PAYMENT_CURRENCIES.filter((code) => !COMMON_CURRENCIES.includes(code));
  const currencies = [...COMMON_CURRENCIES, ...rest].map((code) => toCurrency(code, names));
  currenciesByLanguage.set(language, currencies);
  return currencies;
}

function requireCountry(country: string): string | null {
  const currency = countryCurrency(country);
  if (currency === undefined)
    throw new AppError(ErrorCode.NOT_FOUND, 'countryUnknown', { params: { country } });
  return currency;
}

export function currencyOfCountry(language: Language, country: string): Currency {
  const currency = requireCountry(country);
  if (currency === null)
    throw new AppError(ErrorCode.NOT_FOUND, 'countryWithoutCurrency', { params: { country } });
  return toCurrency(currency, displayNames(language, 'currency'));
}

/** The due dates from today in Norway that a bank takes for a payment to the country in the currency. */
export function availableDueDates(input: { country: string; currency: string; count: number }) {
  requireCountry(input.country);
  if (!isPaymentCurrency(input.currency)) throw Errors.invalid('paymentProblemCurrencyInvalid');
  const options = {
    today: todayIsoDate('Europe/Oslo'),
    currency: input.currency,
    isInternational: input.country !== 'NO',
  };
  return { earliest: earliestDueDate(options), dates: bankingDueDates({ ...options, count: input.count }) };
}

export function listPaymentReasonCodes(language: Language) {
  return PAYMENT_REASON_CODES.map((entry) => ({ Code: entry.code, Text: entry[language] }));
}
