import { z } from 'zod';
import { BankTransaction } from '../banks/transaction';
import { envelope } from '../envelope';
import { RegisterMissingFields } from '../vouchers/change-vouchers';
import { Voucher } from '../vouchers/voucher';
import { AutoMatchSummary } from './summary';

const integer = z.coerce.number().int();

export const CONNECT_MISSING_PAGE_SIZE = 50;

/** Why a voucher is suggested for a transaction, in terms a person can check. */
export const MatchReason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('SAME_PAYMENT_REFERENCE') }),
  z.object({ code: z.literal('SAME_KID'), kid: z.string() }),
  z.object({ code: z.literal('SAME_AMOUNT') }),
  z.object({ code: z.literal('AMOUNT_CLOSE'), differenceOre: z.number().int() }),
  z.object({ code: z.literal('DAYS_APART'), days: z.number().int() }),
  z.object({ code: z.literal('NAME_MATCHES'), name: z.string() }),
  z.object({ code: z.literal('LEARNED'), name: z.string(), confirmations: z.number().int() }),
  z.object({ code: z.literal('RULE'), ruleId: z.number().int(), name: z.string() }),
]);
export type MatchReason = z.infer<typeof MatchReason>;

/** How a connection came about. */
export const ConnectionSource = z.enum(['manual', 'suggestion', 'auto', 'rule', 'admin']);
export type ConnectionSource = z.infer<typeof ConnectionSource>;

export const VoucherSuggestion = z.object({
  Voucher: Voucher,
  /** 0 to 1. */
  Score: z.number(),
  Reasons: z.array(MatchReason),
});
export type VoucherSuggestion = z.infer<typeof VoucherSuggestion>;

export const TransactionConnection = z.object({
  Id: z.number().int(),
  BankTransactionId: z.number().int(),
  VoucherId: z.number().int(),
  Source: ConnectionSource,
  Score: z.number().nullable(),
  Reasons: z.array(MatchReason),
  CreatedAt: z.string(),
});
export type TransactionConnection = z.infer<typeof TransactionConnection>;

/** The connect-missing filter of the spec, with its defaults. */
export const ConnectMissingFilter = z.object({
  companyId: integer.positive().optional(),
  pageNumber: integer.min(1).default(1),
  pageSize: integer.min(1).max(200).default(CONNECT_MISSING_PAGE_SIZE),
  sortBy: z.enum(['Voucher.Date', 'Voucher.Amount']).default('Voucher.Date'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  keyword: z.string().trim().max(200).optional(),
  /** 0: missing a voucher; 3 private; 4 voucher lost. */
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(3), z.literal(4)]))
    .default(0),
  /** 0 every one, 1 only those with suggestions, 2 only those without. */
  connectStatus: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default(0),
  companyBankId: integer.min(0).default(0),
});
export type ConnectMissingFilter = z.infer<typeof ConnectMissingFilter>;

export const MissingTransaction = z.object({
  Transaction: BankTransaction,
  /** Best first. */
  Suggestions: z.array(VoucherSuggestion),
});
export type MissingTransaction = z.infer<typeof MissingTransaction>;

export const ConnectMissingCounts = z.object({
  missing: z.number().int(),
  withSuggestions: z.number().int(),
  connected: z.number().int(),
  connectedAutomatically: z.number().int(),
  /** Open vouchers: live, with an amount, not connected to any transaction. */
  openVouchers: z.number().int(),
});
export type ConnectMissingCounts = z.infer<typeof ConnectMissingCounts>;

export const ConnectMissingReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(MissingTransaction), counts: ConnectMissingCounts }),
);
export type ConnectMissingList = z.infer<typeof ConnectMissingReply>['data'];

/** getSuggestTransaction: the transactions that may pay a voucher. */
export const SuggestTransactionQuery = z.object({
  companyId: integer.positive().optional(),
  voucherId: integer.positive(),
});
export const TransactionSuggestion = z.object({
  Transaction: BankTransaction,
  Score: z.number(),
  Reasons: z.array(MatchReason),
});
export type TransactionSuggestion = z.infer<typeof TransactionSuggestion>;
export const SuggestTransactionReply = envelope(
  z.object({
    connected: z.array(z.object({ Connection: TransactionConnection, Transaction: BankTransaction })),
    suggestions: z.array(TransactionSuggestion),
  }),
);
export type SuggestTransactionData = z.infer<typeof SuggestTransactionReply>['data'];

/**
 * transactionVoucher/add: connects transactions with vouchers. One with one always; one with several
 * or several with one only when the amounts add up to the øre.
 */
export const ConnectRequest = z.object({
  companyId: integer.positive().optional(),
  bankTransactionIds: z.array(integer.positive()).min(1).max(50),
  voucherIds: z.array(integer.positive()).min(1).max(50),
});
export type ConnectRequest = z.infer<typeof ConnectRequest>;
export const ConnectReply = envelope(
  z.object({ connections: z.array(TransactionConnection), counts: ConnectMissingCounts }),
);

/** updateMissingByVoucher/{id}: the transaction's voucher is among the company's vouchers. */
export const UpdateMissingByVoucherRequest = z.object({
  companyId: integer.positive().optional(),
  voucherIds: z.array(integer.positive()).min(1).max(50),
});

export const AdminConnectRequest = z.object({
  companyId: integer.positive(),
  bankTransactionId: integer.positive(),
  voucherId: integer.positive(),
});
/** adminVoucherConnect answers like transactionVoucher/add, with the counts of the company connected in. */
export const AdminConnectReply = ConnectReply;

export const ConnectionIdParams = z.object({ id: integer.positive() });
export const CompanyScopedQuery = z.object({ companyId: integer.positive().optional() });
export const DisconnectReply = envelope(
  z.object({ removed: z.number().int(), counts: ConnectMissingCounts }),
);

/** voucherSuggestions/reject: never suggest this voucher for this transaction again. */
export const RejectSuggestionRequest = z.object({
  companyId: integer.positive().optional(),
  bankTransactionId: integer.positive(),
  voucherId: integer.positive(),
});
export const RejectSuggestionReply = envelope(z.object({ counts: ConnectMissingCounts }));
export const VoucherSuggestionsQuery = z.object({
  companyId: integer.positive().optional(),
  bankTransactionId: integer.positive(),
});
export const VoucherSuggestionsReply = envelope(z.array(VoucherSuggestion));

/** autoUpdateTransaction, autoUpdateTransactionByAiLocal and refreshMatchingVoucherTransaction. */
export const AutoMatchRequest = z.object({
  companyId: integer.positive().optional(),
  /** 0: every account. */
  companyBankId: integer.min(0).default(0),
});

export const AutoMatchReply = envelope(AutoMatchSummary);

/** get-voucher-suggest-info: what the company's learned model makes of a transaction. */
export const VoucherSuggestInfoQuery = z.object({
  companyId: integer.positive().optional(),
  bankTransactionId: integer.positive(),
});
export const VoucherSuggestInfo = z.object({
  Model: z
    .object({
      Pairs: z.number().int(),
      Confirmed: z.number().int(),
      Rejected: z.number().int(),
      TrainedAt: z.string(),
    })
    .nullable(),
  /** The supplier the company's history ties this text to, if any. */
  Prediction: z
    .object({
      SupplierKey: z.string(),
      Affinity: z.number(),
      Confirmations: z.number().int(),
      Word: z.string(),
    })
    .nullable(),
  Suggestions: z.array(VoucherSuggestion),
});
export const VoucherSuggestInfoReply = envelope(VoucherSuggestInfo);
export type VoucherSuggestInfo = z.infer<typeof VoucherSuggestInfo>;

/** Admin: how well matching does per company. */
export const MatchingQualityQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
});
export const CompanyMatchingQuality = z.object({
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  Transactions: z.number().int(),
  Missing: z.number().int(),
  ConnectedAutomatically: z.number().int(),
  ConnectedByRule: z.number().int(),
  ConnectedByHand: z.number().int(),
  SuggestionsOpen: z.number().int(),
  SuggestionsAccepted: z.number().int(),
  SuggestionsRejected: z.number().int(),
  /** Automatic connections a person later removed. */
  AutomaticUndone: z.number().int(),
  ModelPairs: z.number().int(),
});
export type CompanyMatchingQuality = z.infer<typeof CompanyMatchingQuality>;
export const MatchingQualityReply = envelope(z.array(CompanyMatchingQuality));

/** Admin: the connections of every company, newest first, for checking and connecting across companies. */
export const AdminConnectionsQuery = z.object({
  companyId: integer.positive().optional(),
  source: ConnectionSource.optional(),
  pageNumber: integer.min(1).default(1),
  pageSize: integer.min(1).max(200).default(50),
});
export const AdminConnection = TransactionConnection.extend({
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  TransactionDate: z.string(),
  TransactionText: z.string(),
  TransactionAmountOre: z.number().int(),
  Currency: z.string(),
  VoucherSupplierName: z.string().nullable(),
  VoucherAmountOre: z.number().int().nullable(),
  CreatedByName: z.string().nullable(),
});
export type AdminConnection = z.infer<typeof AdminConnection>;
export const AdminConnectionsReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(AdminConnection) }),
);

/** updateMissingByAddVoucher/{id}: the transaction's voucher is missing, or it is private; with a note and files. */
export const UpdateMissingByAddVoucherFields = RegisterMissingFields.omit({ bankTransactionId: true });
export const TransactionIdPathParams = z.object({ id: integer.positive() });
