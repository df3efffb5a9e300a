import { z } from 'zod';
import { envelope } from '../envelope';
import { AmountOre, CurrencyCode, IsoDate, VoucherFile, VoucherHistoryEntry } from '../vouchers/voucher';

const integer = z.coerce.number().int();
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

export const TRANSACTION_PAGE_SIZE = 50;

/** Whether a transaction is explained. 0 in a filter means any. */
export const BankTransactionStatus = { MISSING_VOUCHER: 1, CONNECTED: 2, PRIVATE: 3, LOST: 4 } as const;
export type BankTransactionStatus = (typeof BankTransactionStatus)[keyof typeof BankTransactionStatus];
export const BANK_TRANSACTION_STATUSES = Object.values(BankTransactionStatus);

/** The payment-approval status numbers of the spec. */
export const PaymentStatus = { FOR_APPROVE: 0, PROCESSING: 1, FAILED: 2, PAID: 3, IGNORED: 4 } as const;
export const PAYMENT_STATUSES = Object.values(PaymentStatus);

export const TransactionSortBy = z.enum([
  'BankTransaction.Date',
  'BankTransaction.Amount',
  'BankTransaction.Text',
  'BankTransaction.Id',
]);
export const FilterAmount = z.enum(['all', 'in', 'out']);

/** The bank transaction filter of the spec, with its defaults. companyId is checked by the server. */
export const TransactionFilter = z.object({
  companyId: integer.positive().optional(),
  year: integer.min(1900).max(2200).optional(),
  month: integer.min(0).max(12).default(0),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  sortBy: TransactionSortBy.default('BankTransaction.Date'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  /** 0: every account of the company. */
  companyBankId: integer.min(0).default(0),
  accountNumber: z.string().trim().max(40).optional(),
  pageNumber: integer.min(1).default(1),
  pageSize: integer.min(1).max(200).default(TRANSACTION_PAGE_SIZE),
  status: integer.min(0).max(4).default(0),
  keyword: z.string().trim().max(200).optional(),
  filterAmount: FilterAmount.default('all'),
  importId: integer.positive().optional(),
});
export type TransactionFilter = z.infer<typeof TransactionFilter>;

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

export const TransactionListReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(BankTransaction) }),
);
export type TransactionListReply = z.infer<typeof TransactionListReply>;

export const FETCH_ALL_TRANSACTIONS_LIMIT = 5000;
export const FetchAllTransactionsReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(BankTransaction), isTruncated: z.boolean() }),
);

export const TransactionIdParams = z.object({ id: integer.positive() });
export const TransactionCompanyQuery = z.object({ companyId: integer.positive().optional() });
export const TransactionDetail = BankTransaction.extend({ History: z.array(VoucherHistoryEntry) });
export const TransactionDetailReply = envelope(TransactionDetail);
export type TransactionDetail = z.infer<typeof TransactionDetail>;
export const TransactionReply = envelope(BankTransaction);

export const TransactionYearQuery = z.object({
  companyId: integer.positive().optional(),
  year: integer.min(1900).max(2200).optional(),
  companyBankId: integer.min(0).default(0),
});
export type TransactionYearQuery = z.infer<typeof TransactionYearQuery>;
/** 13 slots: counts per month and the year's total. */
export const TransactionStatisticsReply = envelope(z.array(z.number().int()).length(13));
/** Money in and out per month (øre), 13 slots each. */
export const TransactionMonthReply = envelope(
  z.object({ in: z.array(z.number().int()).length(13), out: z.array(z.number().int()).length(13) }),
);
export const TransactionYearsReply = envelope(z.array(z.number().int()));

export const TransactionMissingSummary = z.object({
  total: z.number().int(),
  missingVoucher: z.number().int(),
  connected: z.number().int(),
  private: z.number().int(),
  lost: z.number().int(),
  /** Sum (øre) of the transactions still missing a voucher. */
  missingAmountOre: z.number().int(),
});
export const TransactionMissingSummaryReply = envelope(TransactionMissingSummary);
export type TransactionMissingSummary = z.infer<typeof TransactionMissingSummary>;

export const TransactionHistoryQuery = z.object({
  companyId: integer.positive().optional(),
  bankTransactionId: integer.positive(),
});
export const TransactionHistoryReply = envelope(z.array(VoucherHistoryEntry));

/** The transaction update fields of the spec (payment status and date, private, note, files). */
export const UpdateTransactionFields = z.object({
  companyId: integer.positive().optional(),
  paymentStatus: integer.min(0).max(4).nullable().optional(),
  paymentDate: IsoDate.nullable().optional(),
  isPrivate: formBoolean.optional(),
  note: z.string().trim().max(2000).nullable().optional(),
});
export type UpdateTransactionFields = z.infer<typeof UpdateTransactionFields>;

export const UpdatePaymentRequest = z.object({
  companyId: integer.positive().optional(),
  paymentStatus: integer.min(0).max(4).nullable(),
  paymentDate: IsoDate.nullable().optional(),
});
export const UpdateTransactionStatusRequest = z.object({
  companyId: integer.positive().optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});

export const BulkUpdateTransactionsRequest = z.object({
  companyId: integer.positive().optional(),
  ids: z.array(integer.positive()).min(1).max(500),
  paymentStatus: integer.min(0).max(4).nullable().optional(),
  paymentDate: IsoDate.nullable().optional(),
  isPrivate: z.boolean().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
});
export type BulkUpdateTransactionsRequest = z.infer<typeof BulkUpdateTransactionsRequest>;
export const BulkUpdateReply = envelope(z.object({ updated: z.number().int() }));

/** add: one transaction typed by hand. */
export const AddTransactionRequest = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.positive(),
  date: IsoDate,
  text: z.string().trim().min(1).max(500),
  text2: z.string().trim().max(500).default(''),
  amountOre: z
    .number()
    .int()
    .safe()
    .refine((value) => value !== 0, 'The amount cannot be 0'),
});
export type AddTransactionRequest = z.infer<typeof AddTransactionRequest>;
export const AddTransactionListRequest = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.positive(),
  rows: z
    .array(AddTransactionRequest.omit({ companyId: true, companyBankId: true }))
    .min(1)
    .max(1000),
});
export const AddTransactionListReply = envelope(
  z.object({ imported: z.number().int(), duplicates: z.number().int() }),
);

/** export-pdf-private-lost: a printable list of private and lost transactions. */
export const ExportPrivateLostQuery = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.min(0).default(0),
  /** 0 both, 3 private only, 4 lost only. */
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(3), z.literal(4)]))
    .default(0),
  year: integer.min(1900).max(2200).optional(),
});
export type ExportPrivateLostQuery = z.infer<typeof ExportPrivateLostQuery>;
