import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { CurrencyCode, IsoDate } from '../vouchers/voucher';

const tags = ['payment reference data'];
const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code');

/** A country a payment can go to, named in the language of the request; Norway comes first. */
export const Country = z.object({
  Code: CountryCode,
  Name: z.string(),
  Currency: CurrencyCode.nullable(),
  IsSepa: z.boolean(),
});
export type Country = z.infer<typeof Country>;

export const Currency = z.object({ Code: CurrencyCode, Name: z.string(), Decimals: z.number().int() });
export type Currency = z.infer<typeof Currency>;

export const PaymentReasonCode = z.object({ Code: z.string(), Text: z.string() });

export const listPaymentCountries = route({
  method: 'GET',
  path: `${ApiPrefix.consent}/countries`,
  access: 'user',
  action: 'payment.view',
  reply: envelope(z.array(Country)),
  summary: 'Countries a payment can go to, Norway first, then by name',
  tags,
});

export const listPaymentCurrencies = route({
  method: 'GET',
  path: `${ApiPrefix.consent}/currencies`,
  access: 'user',
  action: 'payment.view',
  reply: envelope(z.array(Currency)),
  summary: 'Currencies a payment can be made in, NOK first',
  tags,
});

export const currencyOfCountry = route({
  method: 'GET',
  path: `${ApiPrefix.consent}/currency-by-country/:country`,
  access: 'user',
  action: 'payment.view',
  params: z.object({ country: CountryCode }),
  reply: envelope(Currency),
  summary: "A country's own currency",
  tags,
});

export const availableDueDates = route({
  method: 'POST',
  path: `${ApiPrefix.consent}/available-due-dates`,
  access: 'user',
  action: 'payment.view',
  body: z.object({
    country: CountryCode,
    currency: CurrencyCode,
    count: z.number().int().min(1).max(60).default(20),
  }),
  reply: envelope(z.object({ earliest: IsoDate, dates: z.array(IsoDate) })),
  summary: 'The first due dates the bank takes for a payment to a country in a currency (banking days only)',
  tags,
});

export const listPaymentReasonCodes = route({
  method: 'GET',
  path: `${ApiPrefix.consent}/payment-reason-codes`,
  access: 'user',
  action: 'payment.view',
  reply: envelope(z.array(PaymentReasonCode)),
  summary: "Norway's codes for the purpose of a payment abroad, in the language of the request",
  tags,
});
