import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, IdOrAny, PageNumber } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { IsoDate } from '../vouchers/voucher';
import { BankTransaction } from './transaction';

const integer = z.coerce.number().int();
const tags = ['transactions'];

export const TRANSACTION_PAGE_SIZE = 50;

export const TransactionSortBy = z.enum([
  'BankTransaction.Date',
  'BankTransaction.Amount',
  'BankTransaction.Text',
  'BankTransaction.Id',
]);
export const FilterAmount = z.enum(['all', 'in', 'out']);

/** The bank transaction filter of the spec, with its defaults. companyId is checked by the server. */
export const TransactionFilter = z.object({
  companyId: Id.optional(),
  year: integer.min(1900).max(2200).optional(),
  month: integer.min(0).max(12).default(0),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  sortBy: TransactionSortBy.default('BankTransaction.Date'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  /** 0: every account of the company. */
  companyBankId: IdOrAny.default(0),
  accountNumber: Text.trim().max(40).optional(),
  pageNumber: PageNumber.default(1),
  pageSize: integer.min(1).max(200).default(TRANSACTION_PAGE_SIZE),
  status: integer.min(0).max(4).default(0),
  keyword: Text.trim().max(200).optional(),
  filterAmount: FilterAmount.default('all'),
  importId: Id.optional(),
});
export type TransactionFilter = z.infer<typeof TransactionFilter>;

export const TransactionListReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(BankTransaction) }),
);
export type TransactionListReply = z.infer<typeof TransactionListReply>;

export const FETCH_ALL_TRANSACTIONS_LIMIT = 5000;
export const FetchAllTransactionsReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(BankTransaction), isTruncated: z.boolean() }),
);

export const listTransactions = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/v2/list`,
  access: 'company',
  action: 'bank.view',
  query: TransactionFilter,
  reply: TransactionListReply,
  summary: 'Bank transactions of a company, filtered, sorted and paged',
  tags,
});

export const fetchAllTransactions = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/fetchAll`,
  access: 'company',
  action: 'bank.view',
  query: TransactionFilter,
  reply: FetchAllTransactionsReply,
  summary: 'Every transaction matching the filter, unpaged (bounded)',
  tags,
});
