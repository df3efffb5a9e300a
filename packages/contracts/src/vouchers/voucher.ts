import { z } from 'zod';
import { PaymentStatusSchema } from '../payments/payment-status';

/** Where a voucher came from. -1 in a filter means any. */
export const VoucherSource = { WEB_UPLOAD: 0, EMAIL: 1, EHF: 2, MOBILE: 3, MISSING_REGISTRATION: 4 } as const;
export type VoucherSource = (typeof VoucherSource)[keyof typeof VoucherSource];
export const VOUCHER_SOURCES = Object.values(VoucherSource);

/** How far a voucher has come. -1 in a filter means any. */
export const VoucherStatus = { NEW: 0, READY: 1, CONNECTED: 2, PRIVATE: 3 } as const;
export type VoucherStatus = (typeof VoucherStatus)[keyof typeof VoucherStatus];
export const VOUCHER_STATUSES = Object.values(VoucherStatus);

export const VOUCHER_PAGE_SIZE = 50;
/** Twelve months and the total of the year. */
export const STATISTIC_SLOTS = 13;

/** A calendar date as YYYY-MM-DD; impossible dates such as 2025-02-30 are refused. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'The date does not exist');
export const AmountOre = z.number().int().safe().describe('Amount in øre (1/100 NOK), never a float');
/**
 * A sum of amounts (øre). Each amount is a safe integer, but enough of them add up past 2^53, where a
 * JSON number keeps only its leading digits: such a sum is sent rounded, never refused.
 */
export const SumOre = z.number().describe('Sum in øre; rounded to the nearest double past 2^53');
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code');

export const VoucherFile = z.object({
  Id: z.number().int(),
  FileName: z.string(),
  MimeType: z.string(),
  Size: z.number().int(),
  HasThumbnail: z.boolean(),
});
export type VoucherFile = z.infer<typeof VoucherFile>;

export const Voucher = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  Date: IsoDate.nullable(),
  SupplierName: z.string().nullable(),
  AmountOre: AmountOre.nullable(),
  Currency: CurrencyCode,
  DueDate: IsoDate.nullable(),
  Kid: z.string().nullable(),
  AccountNumber: z.string().nullable(),
  Description: z.string().nullable(),
  Source: z.number().int(),
  Status: z.number().int(),
  IsPaid: z.boolean(),
  /** The status of the voucher's latest payment (PaymentStatus), null when it has none. */
  PaymentStatus: PaymentStatusSchema.nullable(),
  Labels: z.array(z.string()),
  Files: z.array(VoucherFile),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  DeletedAt: z.string().nullable(),
});
export type Voucher = z.infer<typeof Voucher>;

export const AdminVoucher = Voucher.extend({ CompanyName: z.string(), CompanyAlias: z.string() });
export type AdminVoucher = z.infer<typeof AdminVoucher>;

export const VoucherHistoryEntry = z.object({
  Id: z.number().int(),
  Action: z.string(),
  UserName: z.string().nullable(),
  Before: z.unknown(),
  After: z.unknown(),
  CreatedAt: z.string(),
});
export type VoucherHistoryEntry = z.infer<typeof VoucherHistoryEntry>;
