import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { z } from 'zod';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { Text } from '../text';
import { BankTransactionStatus } from '../transactions/transaction';
import { AmountOre } from '../vouchers/voucher';

/** maxPatternSize: instructions a compiled pattern may have (RE2's "program size"; `^vipps\s+\d+` has 13). */
export const RULE_LIMITS = {
  maxConditions: 10,
  maxActions: 5,
  maxTextLength: 200,
  maxOneOf: 50,
  maxPatternSize: 300,
} as const;
export const RuleScope = z.enum(['global', 'local']);
export type RuleScope = z.infer<typeof RuleScope>;

/** Why a pattern cannot be a rule's: RE2 has no lookaround or backreferences, and a pattern stays small. */
export type RulePatternProblem = 'unreadable' | 'lookaround' | 'backreference' | 'tooComplex';

const RULE_PATTERN_MESSAGES: Record<RulePatternProblem, string> = {
  unreadable: 'The regular expression cannot be read',
  lookaround: 'Lookahead and lookbehind, such as (?=…), (?!…), (?<=…) and (?<!…), are not supported',
  backreference: 'Backreferences, such as \\1 or \\k<name>, are not supported',
  tooComplex: 'The regular expression is too large: use fewer or smaller repetitions such as {2,50}',
};

/** The index just past the character class that opens at `start`, as RE2 reads one ([]a], [^]a], [[:digit:]]). */
function classEnd(pattern: string, start: number): number {
  let at = start + 1;
  if (pattern[at] === '^') at += 1;
  if (pattern[at] === ']') at += 1;
  while (at < pattern.length) {
    const char = pattern[at];
    if (char === '\\') at += 2;
    else if (char === '[' && pattern[at + 1] === ':') {
      const end = pattern.indexOf(':]', at + 2);
      at = end < 0 ? at + 1 : end + 2;
    } else if (char === ']') return at + 1;
    else at += 1;
  }
  return pattern.length;
}

/** A counted repetition {n}, {n,} or {n,m} at `start`: how many copies it makes and where it ends. */
function repeatAt(pattern: string, start: number): { copies: number; end: number } | undefined {
  const close = pattern.indexOf('}', start);
  if (close < 0) return undefined;
  const [low = '', high, ...rest] = pattern.slice(start + 1, close).split(',');
  const isNumber = (text: string) => text.length > 0 && [...text].every((char) => char >= '0' && char <= '9');
  if (rest.length > 0 || !isNumber(low) || (high !== undefined && high !== '' && !isNumber(high)))
    return undefined;
  const copies = high === undefined ? Number(low) : high === '' ? Number(low) + 1 : Number(high);
  return { copies, end: close + 1 };
}

/**
 * A generous estimate of the instructions a pattern compiles to, read from its text alone. A counted
 * repetition copies what it repeats, so `(\w|\W){1000}` of 12 characters compiles to thousands, and
 * compiling it costs time in proportion: this refuses such patterns before paying for the compilation.
 */
function estimatedSize(pattern: string): number {
  type Group = { before: number; branch: number; last: number };
  const outer: Group[] = [];
  let group: Group = { before: 0, branch: 0, last: 0 };
  const atom = (size: number) => {
    group.branch += size;
    group.last = size;
  };
  let at = 0;
  while (at < pattern.length) {
    const char = pattern[at];
    if (char === '\\') {
      const next = pattern[at + 1];
      const isBraced = (next === 'p' || next === 'P' || next === 'x') && pattern[at + 2] === '{';
      const end = isBraced ? pattern.indexOf('}', at) : -1;
      at = isBraced ? (end < 0 ? pattern.length : end + 1) : at + 2;
      // Text quoted by \Q…\E is read on as if unquoted, which counts each of its characters at least once.
      atom(1);
    } else if (char === '[') {
      at = classEnd(pattern, at);
      atom(1);
    } else if (char === '(') {
      outer.push(group);
      group = { before: 0, branch: 0, last: 0 };
      at += 1;
    } else if (char === ')') {
      const inner = group.before + group.branch;
      group = outer.pop() ?? { before: 0, branch: 0, last: 0 };
      atom(inner + 2);
      at += 1;
    } else if (char === '|') {
      group.before += group.branch + 1;
      group.branch = 0;
      group.last = 0;
      at += 1;
    } else {
      const repeat = char === '{' ? repeatAt(pattern, at) : undefined;
      if (repeat) {
        group.branch += (group.last + 1) * repeat.copies - group.last;
        group.last = (group.last + 1) * repeat.copies;
        at = repeat.end;
      } else if (char === '*' || char === '+' || char === '?') {
        group.branch += 1;
        at += 1;
      } else {
        atom(1);
        at += 1;
      }
    }
  }
  return [...outer, group].reduce((size, open) => size + open.before + open.branch, 0);
}

/** Whether a pattern has the escape \k (as in \k<name>): translateRegExp would quietly make it a plain k. */
function hasNamedBackreference(pattern: string): boolean {
  for (let at = 0; at < pattern.length; at += 1) {
    if (pattern[at] !== '\\') continue;
    if (pattern[at + 1] === 'k') return true;
    at += 1;
  }
  return false;
}

/**
 * What keeps a pattern from being a rule's, or undefined when it can be one. Rules run their patterns with
 * RE2 (packages/domain/src/matching/rules.ts): linear time, so no pattern can stall the server on a long
 * text as V8's backtracking engine does on `^(a+)+$`; case-insensitive, on Unicode characters. JavaScript
 * spellings RE2 lacks (\u00e6, (?<name>…)) are translated first, so patterns written for JavaScript keep
 * their meaning. This compiles the same way the rule engine does.
 */
export function rulePatternProblem(pattern: string): RulePatternProblem | undefined {
  // The length is refused by the schema; nothing this long is compiled.
  if (pattern.length > RULE_LIMITS.maxTextLength) return undefined;
  if (hasNamedBackreference(pattern)) return 'backreference';
  const translated = RE2JS.translateRegExp(pattern);
  if (estimatedSize(translated) > 4 * RULE_LIMITS.maxPatternSize) return 'tooComplex';
  try {
    const compiled = RE2JS.compile(translated, RE2JS.CASE_INSENSITIVE);
    return compiled.programSize() > RULE_LIMITS.maxPatternSize ? 'tooComplex' : undefined;
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    // RE2 names the part it could not read: "(?=", "(?<!x)", "\1", "\k".
    const part = error instanceof RE2JSSyntaxException ? (error.getPattern() ?? '') : '';
    if (['(?=', '(?!', '(?<=', '(?<!'].some((opening) => part.startsWith(opening))) return 'lookaround';
    if (part.length === 2 && part[0] === '\\' && '123456789k'.includes(part[1] ?? '')) return 'backreference';
    if (error.message.includes('too large') || error.message.includes('repeat count')) return 'tooComplex';
    return 'unreadable';
  }
}

/** A regular expression a rule may hold: short, small, and one RE2 reads. */
const RulePattern = Text.min(1)
  .max(RULE_LIMITS.maxTextLength)
  .superRefine((pattern, context) => {
    const problem = rulePatternProblem(pattern);
    if (problem) context.addIssue({ code: 'custom', message: RULE_PATTERN_MESSAGES[problem] });
  });

const ruleText = Text.trim().min(1).max(RULE_LIMITS.maxTextLength);

/** The conditions with a given check of their pattern. */
function ruleConditionWith(pattern: z.ZodString) {
  return z.union([
    z.object({
      kind: z.literal('text'),
      /** The bank text, the second text line and the counterparty's name. */
      operator: z.enum(['contains', 'equals', 'startsWith']),
      value: ruleText,
    }),
    z.object({ kind: z.literal('text'), operator: z.literal('regex'), value: pattern }),
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
}
/** What a rule looks at. Every condition of a rule must hold. */
export const RuleCondition = ruleConditionWith(RulePattern);
/**
 * A condition as kept: a rule saved before patterns were read by RE2 may hold one RE2 refuses (such a
 * condition never holds), and it must still be listed, to be seen and changed.
 */
const StoredRuleCondition = ruleConditionWith(z.string());
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
  z.object({ kind: z.literal('setNote'), note: Text.trim().min(1).max(500) }),
  z.object({ kind: z.literal('addLabel'), label: Text.trim().min(1).max(50) }),
]);
export type RuleAction = z.infer<typeof RuleAction>;
export const RuleActionKind = z.enum(['connect', 'setStatus', 'markPrivate', 'setNote', 'addLabel']);

export const RuleDraft = z.object({
  name: Text.trim().min(1, 'Give the rule a name').max(100),
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
  Conditions: z.array(StoredRuleCondition),
  Actions: z.array(RuleAction),
  HitCount: z.number().int(),
  LastHitAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type MatchRule = z.infer<typeof MatchRule>;

export const RuleReply = envelope(MatchRule);
export const RuleIdParams = z.object({ id: Id });
