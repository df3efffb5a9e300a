import { ErrorCode } from '@bilag/contracts';
import { availableDueDates, earliestDueDate, todayIsoDate } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenTenantApp, type TenantApp } from '../../test/fixtures';

type Country = { Code: string; Name: string; Currency: string | null; IsSepa: boolean };

describe('payment reference data', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  function get(url: string, language: 'en' | 'no' = 'en') {
    return context.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${context.session.AccessToken}`, language },
    });
  }

  it('lists every country, Norway first and then by name in the language asked, with currency and SEPA', async () => {
    const english = (await get('/api/consent/countries')).json().data as Country[];
    expect(english).toHaveLength(250);
    expect(english[0]).toEqual({ Code: 'NO', Name: 'Norway', Currency: 'NOK', IsSepa: true });
    const names = english.slice(1).map((country) => country.Name);
    expect(names).toEqual([...names].sort((left, right) => left.localeCompare(right, 'en')));
    expect(english.find((country) => country.Code === 'DE')).toEqual({
      Code: 'DE',
      Name: 'Germany',
      Currency: 'EUR',
      IsSepa: true,
    });
    expect(english.find((country) => country.Code === 'US')).toMatchObject({
      Currency: 'USD',
      IsSepa: false,
    });
    expect(english.find((country) => country.Code === 'AQ')?.Currency).toBeNull();

    const norwegian = (await get('/api/consent/countries', 'no')).json().data as Country[];
    expect(norwegian[0]?.Name).toBe('Norge');
    expect(norwegian.find((country) => country.Code === 'DE')?.Name).toBe('Tyskland');
    const norwegianNames = norwegian.slice(1).map((country) => country.Name);
    // Å sorts last in Norwegian, not beside A as in English.
    expect(norwegianNames.at(-1)).toBe('Åland');
    expect(norwegianNames).toEqual(
      [...norwegianNames].sort((left, right) => left.localeCompare(right, 'nb')),
    );
  });

  it('lists currencies with NOK first, then the common ones, each with its name and decimals', async () => {
    const currencies = (await get('/api/consent/currencies')).json().data as {
      Code: string;
      Name: string;
      Decimals: number;
    }[];
    expect(currencies.slice(0, 8).map((currency) => currency.Code)).toEqual([
      'NOK',
      'EUR',
      'SEK',
      'DKK',
      'USD',
      'GBP',
      'CHF',
      'PLN',
    ]);
    expect(currencies[0]).toEqual({ Code: 'NOK', Name: 'Norwegian Krone', Decimals: 2 });
    expect(currencies.find((currency) => currency.Code === 'JPY')?.Decimals).toBe(0);
    expect(new Set(currencies.map((currency) => currency.Code)).size).toBe(currencies.length);
    const norwegian = (await get('/api/consent/currencies', 'no')).json().data;
    expect(norwegian[0].Name).toBe('norske kroner');
  });

  it("gives a country's own currency and refuses an unknown country", async () => {
    const sweden = await get('/api/consent/currency-by-country/SE');
    expect(sweden.json().data).toEqual({ Code: 'SEK', Name: 'Swedish Krona', Decimals: 2 });
    const unknown = await get('/api/consent/currency-by-country/ZZ', 'no');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Landkoden ZZ er ukjent.' });
    expect((await get('/api/consent/currency-by-country/AQ')).statusCode).toBe(404);
    expect((await get('/api/consent/currency-by-country/norway')).statusCode).toBe(400);
  });

  it('offers the banking days from today a bank takes, later for a payment abroad', async () => {
    const today = todayIsoDate('Europe/Oslo');
    const post = (body: object) =>
      context.app.inject({
        method: 'POST',
        url: '/api/consent/available-due-dates',
        headers: { authorization: `Bearer ${context.session.AccessToken}` },
        payload: body,
      });
    const domestic = (await post({ country: 'NO', currency: 'NOK', count: 5 })).json().data;
    expect(domestic).toEqual({
      earliest: earliestDueDate({ today, currency: 'NOK', isInternational: false }),
      dates: availableDueDates({ today, currency: 'NOK', isInternational: false, count: 5 }),
    });
    const abroad = (await post({ country: 'US', currency: 'USD' })).json().data;
    expect(abroad.dates).toHaveLength(20);
    expect(abroad.earliest).toBe(abroad.dates[0]);
    expect(abroad.earliest > domestic.earliest).toBe(true);
    const unknown = await post({ country: 'ZZ', currency: 'EUR' });
    expect(unknown.statusCode).toBe(404);
    const currency = await post({ country: 'DE', currency: 'XYZ' });
    expect(currency.statusCode).toBe(400);
  });

  it('lists the purpose codes of payments abroad in the language asked', async () => {
    const english = (await get('/api/consent/payment-reason-codes')).json().data;
    expect(english[0]).toEqual({ Code: '14', Text: 'Purchase or sale of goods' });
    const norwegian = (await get('/api/consent/payment-reason-codes', 'no')).json().data;
    expect(norwegian[0]).toEqual({ Code: '14', Text: 'Kjøp/salg av varer' });
    expect(norwegian).toHaveLength(english.length);
  });

  it('answers only a signed-in person', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/consent/countries' });
    expect(response.statusCode).toBe(401);
  });
});
