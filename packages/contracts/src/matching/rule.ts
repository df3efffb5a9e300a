import { z } from 'zod';
import { BankTransaction } from '../banks/transaction';
import { envelope } from '../envelope';
import { AmountOre } from '../vouchers/voucher';

const integer = z.coerce.number().int();

export const RULE_LIMITS = { maxConditions: 10, maxActions: 5, maxTextLength: 200, maxOneOf: 50 } as const;
export const RuleScope = z.enum(['global', 'local']);
export type RuleScope = z.infer<typeof RuleScope>;

/** A regular expression a rule may hold: short, and one the server can compile. */
const RulePattern = z
  .string()
  .min(1)
  .max(RULE_LIMITS.maxTextLength)
  .refine((pattern) => {
    try {
      new RegExp(pattern, 'iu');
      return true;
    } catch {
      return false;
    }
  }, 'The regular expression cannot be read');

const ruleText = z.string().trim().min(1).max(RULE_LIMITS.maxTextLength);

/** What a rule looks at. Every condition of a rule must hold. */
export const RuleCondition = z.union([
  z.object({
    kind: z.literal('text'),
    /** The bank text, the second text line and the counterparty's name. */
    operator: z.enum(['contains', 'equals', 'startsWith']),
    value: ruleText,
  }),
  z.object({ kind: z.literal('text'), operator: z.literal('regex'), value: RulePattern }),
  z.object({
    kind: z.literal('text'),
    operator: z.literal('oneOf'),
    values: z.array(ruleText).min(1).max(RULE_LIMITS.maxOneOf),
  }),
  z.object({ kind: z.literal('amount'), operator: z.literal('equals'), amountOre: AmountOre }),
  z
    .object({
      kind: z.literal('amount'),
      operator: z.literal('between'),
      minOre: AmountOre,
      maxOre: AmountOre,
    })
    .refine((condition) => condition.minOre <= condition.maxOre, 'The lowest amount is above the highest'),
  z.object({
    kind: z.literal('amount'),
    operator: z.literal('approximately'),
    amountOre: AmountOre,
    toleranceOre: z.number().int().min(0).max(100_000_00),
  }),
  z.object({ kind: z.literal('amount'), operator: z.literal('sign'), sign: z.enum(['in', 'out']) }),
  z.object({
    kind: z.literal('counterpartyAccount'),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{11}$/, 'Use 11 digits'),
  }),
  z.object({ kind: z.literal('kidPresent'), present: z.boolean() }),
  z.object({
    kind: z.literal('bankAccount'),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{11}$/, 'Use 11 digits'),
  }),
]);
export type RuleCondition = z.infer<typeof RuleCondition>;

/** What a rule does to a transaction it holds for. */
export const RuleAction = z.discriminatedUnion('kind', [
  /** Connect to the one open voucher with the same KID, or the same amount nearest in date. */
  z.object({ kind: z.literal('connect'), by: z.enum(['kid', 'amount']) }),
  z.object({ kind: z.literal('setStatus'), status: z.union([z.literal(1), z.literal(3), z.literal(4)]) }),
  z.object({ kind: z.literal('markPrivate') }),
  z.object({ kind: z.literal('setNote'), note: z.string().trim().min(1).max(500) }),
  z.object({ kind: z.literal('addLabel'), label: z.string().trim().min(1).max(50) }),
]);
export type RuleAction = z.infer<typeof RuleAction>;
export const RuleActionKind = z.enum(['connect', 'setStatus', 'markPrivate', 'setNote', 'addLabel']);

export const RuleDraft = z.object({
  name: z.string().trim().min(1, 'Give the rule a name').max(100),
  /** Lower runs first. */
  priority: z.number().int().min(0).max(10_000).default(100),
  isActive: z.boolean().default(true),
  conditions: z
    .array(RuleCondition)
    .min(1, 'A rule needs at least one condition')
    .max(RULE_LIMITS.maxConditions),
  actions: z.array(RuleAction).min(1, 'A rule needs at least one action').max(RULE_LIMITS.maxActions),
});
export type RuleDraft = z.infer<typeof RuleDraft>;

export const MatchRule = z.object({
  Id: z.number().int(),
  /** 0 for a global rule. */
  CompanyId: z.number().int(),
  Scope: RuleScope,
  Name: z.string(),
  Priority: z.number().int(),
  IsActive: z.boolean(),
  Conditions: z.array(RuleCondition),
  Actions: z.array(RuleAction),
  HitCount: z.number().int(),
  LastHitAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type MatchRule = z.infer<typeof MatchRule>;

export const RuleListQuery = z.object({
  companyId: integer.positive().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const RuleListReply = envelope(z.object({ total: z.number().int(), rows: z.array(MatchRule) }));
export const RuleReply = envelope(MatchRule);
export const RuleIdParams = z.object({ id: integer.positive() });
export const RuleCompanyQuery = z.object({ companyId: integer.positive().optional() });

export const AddLocalRuleRequest = RuleDraft.extend({ companyId: integer.positive() });
export const AddGlobalRuleRequest = RuleDraft;
/** PUT {id}: the whole rule again, as when it was added. */
export const UpdateLocalRuleRequest = AddLocalRuleRequest;
export const UpdateGlobalRuleRequest = AddGlobalRuleRequest;
/** DELETE {id}: local rules name their company in the query. */
export const DeleteRuleReply = envelope(z.null());

/** localRules/copy: the rules of one company, added to others. */
export const CopyRulesRequest = z.object({
  fromCompanyId: integer.positive(),
  toCompanyIds: z.array(integer.positive()).min(1).max(100),
  /** Only these rules; every rule of the company when left out. */
  ruleIds: z.array(integer.positive()).max(500).optional(),
});
export const CopyRulesReply = envelope(
  z.object({ copied: z.number().int(), companies: z.number().int(), skipped: z.number().int() }),
);

/** What a rule would do to a company's open transactions, before it is saved. */
export const RulePreviewRequest = z.object({
  companyId: integer.positive(),
  rule: RuleDraft,
  /** The rule being edited, left out of precedence so its draft takes its place. */
  ruleId: integer.positive().optional(),
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
