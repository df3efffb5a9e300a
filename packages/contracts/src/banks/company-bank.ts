import { z } from 'zod';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';
import { BankGroup } from './bank';

/** A bank account of a company. */
export const CompanyBank = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  /** 11 digits, without separators; shown 4.2.5. */
  AccountNumber: z.string(),
  Iban: z.string(),
  Name: z.string().nullable(),
  Currency: CurrencyCode,
  BankId: z.number().int().nullable(),
  BankName: z.string().nullable(),
  Bic: z.string().nullable(),
  BankGroup: BankGroup.nullable(),
  IsDefault: z.boolean(),
  Sorting: z.number().int(),
  ServiceStartDate: IsoDate.nullable(),
  ServiceEndDate: IsoDate.nullable(),
  /** The latest closing booked balance known, from a statement, and its date. */
  Balance: AmountOre.nullable(),
  BalanceDate: IsoDate.nullable(),
  /**
   * Whether the statement that stated the balance added up (its opening balance plus booked entries gave
   * it); false for a disputed balance, null when the statement gave nothing to prove it with.
   */
  BalanceProven: z.boolean().nullable(),
  /** For a disputed balance: the stated balance minus what its statement's opening and entries give. */
  BalanceDifferenceOre: AmountOre.nullable(),
  TransactionCount: z.number().int(),
  CreatedAt: z.string(),
});
export type CompanyBank = z.infer<typeof CompanyBank>;

export const CompanyBankListReply = envelope(z.array(CompanyBank));
export type CompanyBankListReply = z.infer<typeof CompanyBankListReply>;
export const CompanyBankReply = envelope(CompanyBank);
export const NullableCompanyBankReply = envelope(CompanyBank.nullable());
export const CompanyBankIdParams = z.object({ id: Id });
export const CompanyIdOnlyQuery = z.object({ companyId: Id.optional() });
