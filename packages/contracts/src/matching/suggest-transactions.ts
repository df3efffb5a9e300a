import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { BankTransaction } from '../transactions/transaction';
import { MatchReason, TransactionConnection } from './matching';

/** getSuggestTransaction: the transactions that may pay a voucher. */
export const SuggestTransactionQuery = z.object({
  companyId: Id.optional(),
  voucherId: Id,
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

export const suggestTransactions = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/getSuggestTransaction`,
  access: 'company',
  action: 'matching.view',
  query: SuggestTransactionQuery,
  reply: SuggestTransactionReply,
  summary: 'The transactions connected to a voucher, and the open ones that may pay it',
  tags: ['matching'],
});
