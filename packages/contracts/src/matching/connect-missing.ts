import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, IdOrAny, PageNumber } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { BankTransaction, PrivateOrLostFilter } from '../transactions/transaction';
import { ConnectMissingCounts, VoucherSuggestion } from './matching';

const integer = z.coerce.number().int();

export const CONNECT_MISSING_PAGE_SIZE = 50;

/** The connect-missing filter of the spec, with its defaults. */
export const ConnectMissingFilter = z.object({
  companyId: Id.optional(),
  pageNumber: PageNumber.default(1),
  pageSize: integer.min(1).max(200).default(CONNECT_MISSING_PAGE_SIZE),
  sortBy: z.enum(['Voucher.Date', 'Voucher.Amount']).default('Voucher.Date'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  keyword: Text.trim().max(200).optional(),
  /** 0: missing a voucher; otherwise private or voucher lost. */
  status: PrivateOrLostFilter,
  /** 0 every one, 1 only those with suggestions, 2 only those without. */
  connectStatus: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default(0),
  companyBankId: IdOrAny.default(0),
});
export type ConnectMissingFilter = z.infer<typeof ConnectMissingFilter>;

export const MissingTransaction = z.object({
  Transaction: BankTransaction,
  /** Best first. */
  Suggestions: z.array(VoucherSuggestion),
});
export type MissingTransaction = z.infer<typeof MissingTransaction>;

export const ConnectMissingReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(MissingTransaction), counts: ConnectMissingCounts }),
);
export type ConnectMissingList = z.infer<typeof ConnectMissingReply>['data'];

export const connectMissing = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/missing`,
  access: 'company',
  action: 'matching.view',
  query: ConnectMissingFilter,
  reply: ConnectMissingReply,
  summary: 'Transactions that miss a voucher, each with its ranked suggestions and their reasons',
  tags: ['matching'],
});
