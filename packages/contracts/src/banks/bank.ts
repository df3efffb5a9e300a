import { z } from 'zod';
import { envelope } from '../envelope';

/** The bank statement layouts the product can import without a mapping. */
export const AUTO_IMPORT_TEMPLATES = ['dnb', 'sparebank1', 'nordnorge'] as const;
export const AutoImportTemplate = z.enum(AUTO_IMPORT_TEMPLATES);
export type AutoImportTemplate = z.infer<typeof AutoImportTemplate>;

/** Bank groups; the bank-verify flow exists for sparebank1, dnb and handelsbanken. */
export const BANK_GROUPS = ['dnb', 'sparebank1', 'handelsbanken', 'nordea', 'danske', 'other'] as const;
export const BankGroup = z.enum(BANK_GROUPS);
export type BankGroup = z.infer<typeof BankGroup>;

export const BankStatus = { ACTIVE: 0, INACTIVE: 1 } as const;
export type BankStatus = (typeof BankStatus)[keyof typeof BankStatus];

/** A Norwegian bank of the registry: found from an account number's first four digits. */
export const Bank = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Bic: z.string(),
  BankGroup: BankGroup,
  /** Four-digit bank registration numbers (the start of its account numbers). */
  Prefixes: z.array(z.string()),
  AutoImportTemplate: AutoImportTemplate.nullable(),
  IsAutoImport: z.boolean(),
  Status: z.number().int(),
});
export type Bank = z.infer<typeof Bank>;

export const BankListReply = envelope(z.array(Bank));
export type BankListReply = z.infer<typeof BankListReply>;
export const BankReply = envelope(Bank);
export const NullableBankReply = envelope(Bank.nullable());
