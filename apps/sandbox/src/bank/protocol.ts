import { isIsoDate } from '@bilag/domain';
import { z } from 'zod';
import { SANDBOX_BANKS, type SandboxBank } from '../platform/world';

/** The shapes NextGenPSD2 1.3 requests take at the sandbox banks, as zod schemas for validation and OpenAPI. */

export type BankId = SandboxBank['id'];

export const BANK_IDS = SANDBOX_BANKS.map((bank) => bank.id) as [BankId, ...BankId[]];

export const bankParams = z.object({
  bankId: z.enum(BANK_IDS).describe('The bank: dnb, sparebank1 or handelsbanken'),
});

export const isoDate = z
  .string()
  .max(10)
  .refine(isIsoDate, { error: 'must be a calendar date as YYYY-MM-DD' });

const redirectUri = z
  .string()
  .max(2000, { error: 'must be at most 2000 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an http or https URL' },
  );

/** The PSU is a person with a Norwegian national identity number; the sandbox's test people have one. */
const psuId = z.string().regex(/^\d{11}$/, { error: 'must be a national identity number of 11 digits' });

/** A Norwegian organisation number. */
const psuCorporateId = z.string().regex(/^\d{9}$/, { error: 'must be an organisation number of 9 digits' });

const psuIpAddress = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' });

const requestHeaders = {
  'x-request-id': z.guid({ error: 'X-Request-ID must be a UUID' }),
  'psu-id': psuId.optional(),
  'psu-corporate-id': psuCorporateId.optional(),
  'psu-ip-address': psuIpAddress.optional(),
};

/** Headers every call carries; others (Accept, the sandbox's fault header) pass through. */
export const bankHeaders = z.looseObject(requestHeaders);

/** Headers of a call that starts an SCA by redirect: a consent or a payment initiation. */
export const initiationHeaders = z.looseObject({
  ...requestHeaders,
  'tpp-redirect-uri': redirectUri,
  'tpp-nok-redirect-uri': redirectUri.optional(),
  'tpp-redirect-preferred': z.enum(['true', 'false']).optional(),
  'idempotency-key': z.string().min(1).max(100).optional(),
});

/** Headers of an account read: the consent it reads under. */
export const accountHeaders = z.looseObject({
  ...requestHeaders,
  'consent-id': z.string().min(1).max(100),
});

export type BankHeaders = z.infer<typeof bankHeaders>;
export type InitiationHeaders = z.infer<typeof initiationHeaders>;
export type AccountHeaders = z.infer<typeof accountHeaders>;

const currency = z.string().regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 currency code' });

/** An account as NextGenPSD2 names it: by IBAN or by the domestic account number (BBAN). */
export const accountReference = z.union(
  [
    z.strictObject({ iban: z.string().min(1).max(34), currency: currency.optional() }),
    z.strictObject({ bban: z.string().min(1).max(34), currency: currency.optional() }),
  ],
  { error: 'an account is { "iban": "…" } or { "bban": "…" }' },
);

export type AccountReference = z.infer<typeof accountReference>;

export function identificationOf(reference: AccountReference): string {
  return 'iban' in reference ? reference.iban : reference.bban;
}

/** A positive decimal amount with at most two decimals and a dot: "1234.50". */
export const instructedAmount = z.strictObject({
  currency,
  amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, {
    error: 'must be a positive decimal with a dot and at most 2 decimals',
  }),
});

export type Amount = { currency: string; amount: string };
