import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { Text } from '../text';

/** Admin: how well matching does per company. */
export const MatchingQualityQuery = z.object({
  keyword: Text.trim().max(100).optional(),
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

export const matchingQuality = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactionVoucher/admin-quality`,
  access: 'admin',
  action: 'admin.matching.view',
  query: MatchingQualityQuery,
  reply: MatchingQualityReply,
  summary: 'Administrators: how well matching does per company',
  tags: ['matching'],
});
