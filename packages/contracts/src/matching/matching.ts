import { z } from 'zod';
import { Id } from '../ids';
import { Voucher } from '../vouchers/voucher';

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

/** What is left to match in a company; every change to connections answers with it. */
export const ConnectMissingCounts = z.object({
  missing: z.number().int(),
  withSuggestions: z.number().int(),
  connected: z.number().int(),
  connectedAutomatically: z.number().int(),
  /** Open vouchers: live, with an amount, not connected to any transaction. */
  openVouchers: z.number().int(),
});
export type ConnectMissingCounts = z.infer<typeof ConnectMissingCounts>;

/** The company of a call whose other inputs name records of it. */
export const CompanyScopedQuery = z.object({ companyId: Id.optional() });
/** A bank transaction named in the path. */
export const TransactionIdPathParams = z.object({ id: Id });
