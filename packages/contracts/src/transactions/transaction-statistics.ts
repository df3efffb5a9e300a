import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, IdOrAny } from '../ids';
import { route } from '../route';
import { SumOre } from '../vouchers/voucher';
import { TransactionCompanyQuery } from './transaction';

const integer = z.coerce.number().int();
const tags = ['transactions'];

export const TransactionYearQuery = z.object({
  companyId: Id.optional(),
  year: integer.min(1900).max(2200).optional(),
  companyBankId: IdOrAny.default(0),
});
export type TransactionYearQuery = z.infer<typeof TransactionYearQuery>;
/** 13 slots: counts per month and the year's total. */
export const TransactionStatisticsReply = envelope(z.array(z.number().int()).length(13));
/** Money in and out per month (øre), 13 slots each. */
export const TransactionMonthReply = envelope(
  z.object({ in: z.array(SumOre).length(13), out: z.array(SumOre).length(13) }),
);
/** The years that have transactions, newest first; only the current year while there are none. */
export const TransactionYearsReply = envelope(z.array(z.number().int()));

export const TransactionMissingSummary = z.object({
  total: z.number().int(),
  missingVoucher: z.number().int(),
  connected: z.number().int(),
  private: z.number().int(),
  lost: z.number().int(),
  /** Sum (øre) of the transactions still missing a voucher. */
  missingAmountOre: SumOre,
});
export const TransactionMissingSummaryReply = envelope(TransactionMissingSummary);
export type TransactionMissingSummary = z.infer<typeof TransactionMissingSummary>;

export const transactionYears = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/years`,
  access: 'company',
  action: 'bank.view',
  query: TransactionCompanyQuery,
  reply: TransactionYearsReply,
  summary: 'Years that have transactions, newest first',
  tags,
});

export const transactionStatistics = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/statistic`,
  access: 'company',
  action: 'bank.view',
  query: TransactionYearQuery,
  reply: TransactionStatisticsReply,
  summary: 'Transaction counts per month of a year, and the total',
  tags,
});

export const transactionMonth = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/month`,
  access: 'company',
  action: 'bank.view',
  query: TransactionYearQuery,
  reply: TransactionMonthReply,
  summary: 'Money in and out (øre) per month of a year, and the totals',
  tags,
});

export const transactionMissingSummary = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/getMissingSummary`,
  access: 'company',
  action: 'bank.view',
  query: TransactionYearQuery,
  reply: TransactionMissingSummaryReply,
  summary: 'How many transactions miss a voucher, are connected, private or lost',
  tags,
});
