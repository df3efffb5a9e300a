import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { ConnectMissingCounts, VoucherSuggestion } from './matching';

export const VoucherSuggestionsQuery = z.object({
  companyId: Id.optional(),
  bankTransactionId: Id,
});
export const VoucherSuggestionsReply = envelope(z.array(VoucherSuggestion));

/** voucherSuggestions/reject: never suggest this voucher for this transaction again. */
export const RejectSuggestionRequest = z.object({
  companyId: Id.optional(),
  bankTransactionId: Id,
  voucherId: Id,
});
export const RejectSuggestionReply = envelope(z.object({ counts: ConnectMissingCounts }));

const tags = ['matching'];

export const voucherSuggestions = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucherSuggestions`,
  access: 'company',
  action: 'matching.view',
  query: VoucherSuggestionsQuery,
  reply: VoucherSuggestionsReply,
  summary: 'The open suggestions of a transaction, best first',
  tags,
});

export const rejectVoucherSuggestion = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucherSuggestions/reject`,
  access: 'company',
  action: 'matching.edit',
  body: RejectSuggestionRequest,
  reply: RejectSuggestionReply,
  summary: 'Reject a suggestion: the voucher is never suggested for the transaction again',
  tags,
});
