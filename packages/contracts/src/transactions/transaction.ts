import { z } from 'zod';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { AmountOre, CurrencyCode, IsoDate, VoucherFile } from '../vouchers/voucher';

/** Whether a transaction is explained. 0 in a filter means any. */
export const BankTransactionStatus = { MISSING_VOUCHER: 1, CONNECTED: 2, PRIVATE: 3, LOST: 4 } as const;
export type BankTransactionStatus = (typeof BankTransactionStatus)[keyof typeof BankTransactionStatus];
export const BANK_TRANSACTION_STATUSES = Object.values(BankTransactionStatus);
export function isBankTransactionStatus(value: number): value is BankTransactionStatus {
  return (BANK_TRANSACTION_STATUSES as number[]).includes(value);
}

/** A filter of transactions set aside: 0 for the default of the list, else private or lost only. */
export const PrivateOrLostFilter = z.coerce
  .number()
  .pipe(
    z.union([z.literal(0), z.literal(BankTransactionStatus.PRIVATE), z.literal(BankTransactionStatus.LOST)]),
  )
  .default(0);

export const BankTransaction = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Date: IsoDate,
  ValueDate: IsoDate.nullable(),
  Text: z.string(),
  Text2: z.string(),
  /** Signed: money in positive, money out negative. */
  AmountOre: AmountOre,
  Currency: CurrencyCode,
  Kid: z.string().nullable(),
  EndToEndId: z.string().nullable(),
  CounterpartyName: z.string().nullable(),
  CounterpartyAccount: z.string().nullable(),
  Status: z.number().int(),
  PaymentStatus: z.number().int().nullable(),
  PaymentDate: IsoDate.nullable(),
  IsPrivate: z.boolean(),
  Note: z.string().nullable(),
  ImportId: z.number().int().nullable(),
  Files: z.array(VoucherFile),
  CreatedAt: z.string(),
});
export type BankTransaction = z.infer<typeof BankTransaction>;

export const TransactionIdParams = z.object({ id: Id });
export const TransactionCompanyQuery = z.object({ companyId: Id.optional() });
export const TransactionReply = envelope(BankTransaction);
