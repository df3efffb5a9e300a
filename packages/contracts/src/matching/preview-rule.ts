import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { BankTransaction } from '../transactions/transaction';
import { RuleActionKind, RuleDraft } from './rule';

/** What a rule would do to a company's open transactions, before it is saved. */
export const RulePreviewRequest = z.object({
  companyId: Id,
  rule: RuleDraft,
  /** The rule being edited, left out of precedence so its draft takes its place. */
  ruleId: Id.optional(),
});
export const RuleEffect = z.object({
  Transaction: BankTransaction,
  /** In order: what each action would do, e.g. connect to voucher 12. */
  Changes: z.array(
    z.object({
      kind: RuleActionKind,
      voucherId: z.number().int().nullable(),
      status: z.number().int().nullable(),
      text: z.string().nullable(),
      /** True when the action would find nothing to do (e.g. no single voucher to connect). */
      isSkipped: z.boolean(),
    }),
  ),
  /** A rule earlier in precedence holds for this transaction, so this one would not run on it. */
  ShadowedBy: z.object({ Id: z.number().int(), Name: z.string() }).nullable(),
});
export type RuleEffect = z.infer<typeof RuleEffect>;
export const RulePreviewReply = envelope(
  z.object({ examined: z.number().int(), total: z.number().int(), rows: z.array(RuleEffect) }),
);
export type RulePreview = z.infer<typeof RulePreviewReply>['data'];

const tags = ['rules'];

export const previewGlobalRule = route({
  method: 'POST',
  path: `${ApiPrefix.main}/globalRules/preview`,
  access: 'company',
  action: 'rules.view',
  body: RulePreviewRequest,
  reply: RulePreviewReply,
  summary: 'What one of the bureau’s global rules would change, before it is saved',
  tags,
});

export const previewLocalRule = route({
  method: 'POST',
  path: `${ApiPrefix.main}/localRules/preview`,
  access: 'company',
  action: 'rules.view',
  body: RulePreviewRequest,
  reply: RulePreviewReply,
  summary: "What one of a company's rules would change, before it is saved",
  tags,
});
