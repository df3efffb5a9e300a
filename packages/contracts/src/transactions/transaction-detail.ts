import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { VoucherHistoryEntry } from '../vouchers/voucher';
import { BankTransaction, TransactionCompanyQuery, TransactionIdParams } from './transaction';

const tags = ['transactions'];

export const TransactionDetail = BankTransaction.extend({ History: z.array(VoucherHistoryEntry) });
export const TransactionDetailReply = envelope(TransactionDetail);
export type TransactionDetail = z.infer<typeof TransactionDetail>;

export const TransactionHistoryQuery = z.object({
  companyId: Id.optional(),
  bankTransactionId: Id,
});
export const TransactionHistoryReply = envelope(z.array(VoucherHistoryEntry));

export const transactionDetail = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/:id`,
  access: 'company',
  action: 'bank.view',
  params: TransactionIdParams,
  query: TransactionCompanyQuery,
  reply: TransactionDetailReply,
  summary: 'One transaction with its files and history',
  tags,
});

export const transactionHistory = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/get-history`,
  access: 'company',
  action: 'bank.view',
  query: TransactionHistoryQuery,
  reply: TransactionHistoryReply,
  summary: 'The history of one transaction',
  tags,
});
