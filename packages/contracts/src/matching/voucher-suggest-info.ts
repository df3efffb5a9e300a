import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { VoucherSuggestion } from './matching';

/** get-voucher-suggest-info: what the company's learned model makes of a transaction. */
export const VoucherSuggestInfoQuery = z.object({
  companyId: Id.optional(),
  bankTransactionId: Id,
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

export const voucherSuggestInfo = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/get-voucher-suggest-info`,
  access: 'company',
  action: 'matching.view',
  query: VoucherSuggestInfoQuery,
  reply: VoucherSuggestInfoReply,
  summary: "What the company's learned model makes of a transaction, and its suggestions",
  tags: ['matching'],
});
