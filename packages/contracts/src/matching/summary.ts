import { z } from 'zod';

/** What a run of automatic matching did. */
export const AutoMatchSummary = z.object({
  /** Transactions without a voucher that were looked at. */
  examined: z.number().int(),
  /** Transactions a rule acted on (connected, or given a status, note or label); not part of `connected`. */
  byRule: z.number().int(),
  /** Transactions the engine connected automatically. */
  connected: z.number().int(),
  suggested: z.number().int(),
  /** Two vouchers were equally good, so nothing was connected. */
  ambiguous: z.number().int(),
  /** The pairs the learned model was trained on, when it was used. */
  learnedFrom: z.number().int(),
  ruleHits: z.array(z.object({ RuleId: z.number().int(), Name: z.string(), Hits: z.number().int() })),
  milliseconds: z.number().int(),
});
export type AutoMatchSummary = z.infer<typeof AutoMatchSummary>;
