import { z } from 'zod';
import { envelope } from '../envelope';
import { BankTransactionStatus } from '../transactions/transaction';
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
  z.object({
    kind: z.literal('setStatus'),
    status: z.union([
      z.literal(BankTransactionStatus.MISSING_VOUCHER),
      z.literal(BankTransactionStatus.PRIVATE),
      z.literal(BankTransactionStatus.LOST),
    ]),
  }),
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

export const RuleReply = envelope(MatchRule);
export const RuleIdParams = z.object({ id: integer.positive() });
