import { RE2JS, RE2JSException } from 're2js';

/**
 * Matching rules: conditions on a bank transaction and what to do when they all hold. A company's own
 * (local) rules come before the bureau's (global) ones, and within each the lower priority number first;
 * the first rule that holds is the one that acts on a transaction.
 */

export type RuleConditionInput =
  | { kind: 'text'; operator: 'contains' | 'equals' | 'startsWith'; value: string }
  | { kind: 'text'; operator: 'regex'; value: string }
  | { kind: 'text'; operator: 'oneOf'; values: string[] }
  | { kind: 'amount'; operator: 'equals'; amountOre: number }
  | { kind: 'amount'; operator: 'between'; minOre: number; maxOre: number }
  | { kind: 'amount'; operator: 'approximately'; amountOre: number; toleranceOre: number }
  | { kind: 'amount'; operator: 'sign'; sign: 'in' | 'out' }
  | { kind: 'counterpartyAccount'; accountNumber: string }
  | { kind: 'kidPresent'; present: boolean }
  | { kind: 'bankAccount'; accountNumber: string };

export interface RuleTransaction {
  text: string;
  text2: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** Signed øre: money out is negative. */
  amountOre: number;
  kid: string | null;
  /** The company's account the transaction is on. */
  accountNumber: string;
}

export interface OrderedRule {
  id: number;
  scope: 'global' | 'local';
  priority: number;
  isActive: boolean;
  conditions: readonly RuleConditionInput[];
}

function normalized(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('nb').replace(/\s+/g, ' ').trim();
}

function digits(value: string | null): string {
  return (value ?? '').replace(/\D/g, '');
}

/** The texts a text condition reads, each on its own so "starts with" means the start of one of them. */
function textsOf(transaction: RuleTransaction): string[] {
  return [transaction.text, transaction.text2, transaction.counterpartyName ?? '']
    .map(normalized)
    .filter((text) => text.length > 0);
}

/**
 * Compiled once per pattern: RE2, whose time grows with the text's length and never exponentially, as
 * V8's backtracking engine does on a pattern such as `^(a+)+$` (a person writes these patterns, and a
 * bank text may be 500 characters). Case-insensitive, on Unicode characters; JavaScript spellings RE2
 * lacks (\u00e6, (?<name>…)) are translated first. The contract's check of a pattern
 * (packages/contracts/src/matching/rule.ts) compiles the same way. A pattern RE2 cannot read, kept from
 * before rules used RE2, is null: its condition never holds, and the rest of a run goes on.
 */
const patterns = new Map<string, RE2JS | null>();
function hasNamedBackreference(source: string): boolean {
  for (let at = 0; at < source.length; at += 1) {
    if (source[at] !== '\\') continue;
    if (source[at + 1] === 'k') return true;
    at += 1;
  }
  return false;
}
function patternOf(source: string): RE2JS | null {
  const known = patterns.get(source);
  if (known !== undefined) return known;
  let pattern: RE2JS | null = null;
  try {
    // translateRegExp would read the backreference \k<name> as a plain k: such a pattern stays unread.
    if (!hasNamedBackreference(source))
      pattern = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
  }
  if (patterns.size > 1_000) patterns.clear();
  patterns.set(source, pattern);
  return pattern;
}

export function conditionHolds(condition: RuleConditionInput, transaction: RuleTransaction): boolean {
  switch (condition.kind) {
    case 'text': {
      const texts = textsOf(transaction);
      switch (condition.operator) {
        case 'contains':
          return texts.some((text) => text.includes(normalized(condition.value)));
        case 'equals':
          return texts.some((text) => text === normalized(condition.value));
        case 'startsWith':
          return texts.some((text) => text.startsWith(normalized(condition.value)));
        case 'regex': {
          const pattern = patternOf(condition.value);
          return pattern !== null && texts.some((text) => pattern.test(text));
        }
        case 'oneOf': {
          const wanted = condition.values.map(normalized);
          return texts.some((text) => wanted.some((value) => text.includes(value)));
        }
      }
      return false;
    }
    case 'amount': {
      const amount = transaction.amountOre;
      switch (condition.operator) {
        case 'equals':
          return Math.abs(amount) === Math.abs(condition.amountOre);
        case 'between':
          return Math.abs(amount) >= condition.minOre && Math.abs(amount) <= condition.maxOre;
        case 'approximately':
          return Math.abs(Math.abs(amount) - Math.abs(condition.amountOre)) <= condition.toleranceOre;
        case 'sign':
          return condition.sign === 'in' ? amount > 0 : amount < 0;
      }
      return false;
    }
    case 'counterpartyAccount':
      return digits(transaction.counterpartyAccount) === digits(condition.accountNumber);
    case 'kidPresent':
      return digits(transaction.kid).length > 0 === condition.present;
    case 'bankAccount':
      return digits(transaction.accountNumber) === digits(condition.accountNumber);
  }
}

export function ruleHolds(rule: Pick<OrderedRule, 'conditions'>, transaction: RuleTransaction): boolean {
  return (
    rule.conditions.length > 0 && rule.conditions.every((condition) => conditionHolds(condition, transaction))
  );
}

/** Precedence: local before global, then priority, then the older rule first. */
export function byPrecedence<T extends OrderedRule>(rules: readonly T[]): T[] {
  return rules
    .filter((rule) => rule.isActive)
    .sort(
      (a, b) =>
        (a.scope === b.scope ? 0 : a.scope === 'local' ? -1 : 1) || a.priority - b.priority || a.id - b.id,
    );
}

/** The rule that acts on a transaction: the first in precedence whose conditions all hold. */
export function firstHoldingRule<T extends OrderedRule>(
  orderedRules: readonly T[],
  transaction: RuleTransaction,
): T | undefined {
  return orderedRules.find((rule) => ruleHolds(rule, transaction));
}
