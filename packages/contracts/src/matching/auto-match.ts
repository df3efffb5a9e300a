import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, IdOrAny } from '../ids';
import { route } from '../route';
import { AutoMatchSummary } from './summary';

/** autoUpdateTransaction, autoUpdateTransactionByAiLocal and refreshMatchingVoucherTransaction. */
export const AutoMatchRequest = z.object({
  companyId: Id.optional(),
  /** 0: every account. */
  companyBankId: IdOrAny.default(0),
});

export const AutoMatchReply = envelope(AutoMatchSummary);

const tags = ['matching'];

export const autoUpdateTransactions = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/autoUpdateTransaction`,
  access: 'company',
  action: 'matching.edit',
  body: AutoMatchRequest,
  reply: AutoMatchReply,
  summary:
    'Match the transactions that miss a voucher: rules, then KID and reference, then scored candidates',
  tags,
});

export const autoUpdateTransactionsByAiLocal = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/autoUpdateTransactionByAiLocal`,
  access: 'company',
  action: 'matching.edit',
  body: AutoMatchRequest,
  reply: AutoMatchReply,
  summary: "Train the company's model on its confirmed and rejected pairs, then match with it",
  tags,
});

export const refreshMatching = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactionVoucher/refreshMatchingVoucherTransaction`,
  access: 'company',
  action: 'matching.edit',
  body: AutoMatchRequest,
  reply: AutoMatchReply,
  summary: 'Recompute the suggestions of the transactions that miss a voucher, without connecting any',
  tags,
});
