import {
  BankTransactionStatus,
  type MatchRule,
  RULE_LIMITS,
  type RuleAction,
  type RuleCondition,
  type RuleDraft,
  type RulePatternProblem,
  rulePatternProblem,
} from '@bilag/contracts';
import { isDomainError } from '@bilag/domain/errors';
import { parseAmount } from '@bilag/domain/money/norwegian';
import { formatAccountNumber, validateAccountNumber } from '@bilag/domain/validators/account-number';
import { formatOre } from '../../../ui/format';

export type ConditionKind = RuleCondition['kind'];
export type TextOperator = Extract<RuleCondition, { kind: 'text' }>['operator'];
export type AmountOperator = Extract<RuleCondition, { kind: 'amount' }>['operator'];
export type ActionKind = RuleAction['kind'];
export type RuleStatus = Extract<RuleAction, { kind: 'setStatus' }>['status'];
export type ConnectBy = Extract<RuleAction, { kind: 'connect' }>['by'];

export const CONDITION_KINDS: readonly ConditionKind[] = [
  'text',
  'amount',
  'counterpartyAccount',
  'kidPresent',
  'bankAccount',
];
export const TEXT_OPERATORS: readonly TextOperator[] = ['contains', 'equals', 'startsWith', 'regex', 'oneOf'];
export const AMOUNT_OPERATORS: readonly AmountOperator[] = ['equals', 'between', 'approximately', 'sign'];
export const ACTION_KINDS: readonly ActionKind[] = [
  'connect',
  'setStatus',
  'markPrivate',
  'setNote',
  'addLabel',
];
export const RULE_STATUSES: readonly RuleStatus[] = [
  BankTransactionStatus.MISSING_VOUCHER,
  BankTransactionStatus.PRIVATE,
  BankTransactionStatus.LOST,
];

export const MAX_NOTE_LENGTH = 500;
export const MAX_LABEL_LENGTH = 50;
export const MAX_NAME_LENGTH = 100;
const MAX_PRIORITY = 10_000;
const MAX_TOLERANCE_ORE = 100_000_00;

/**
 * One condition row as typed. Every kind's fields are kept, so switching the kind back and forth does not
 * lose what was typed.
 */
export type ConditionFormValues = {
  /** Tells rows apart while rows are added and removed. */
  key: number;
  kind: ConditionKind;
  textOperator: TextOperator;
  text: string;
  values: string[];
  amountOperator: AmountOperator;
  amount: string;
  min: string;
  max: string;
  tolerance: string;
  sign: 'in' | 'out';
  accountNumber: string;
  isPresent: boolean;
};

export type ActionFormValues = {
  key: number;
  kind: ActionKind;
  connectBy: ConnectBy;
  status: RuleStatus;
  note: string;
  label: string;
};

export type RuleFormValues = {
  name: string;
  priority: string;
  isActive: boolean;
  conditions: ConditionFormValues[];
  actions: ActionFormValues[];
};

export type RuleFormErrorKey =
  | 'rules.form.errors.name'
  | 'rules.form.errors.priority'
  | 'rules.form.errors.text'
  | 'rules.form.errors.regex'
  | 'rules.form.errors.regexUnsupported'
  | 'rules.form.errors.regexTooLarge'
  | 'rules.form.errors.values'
  | 'rules.form.errors.amount'
  | 'rules.form.errors.amountAmbiguous'
  | 'rules.form.errors.range'
  | 'rules.form.errors.tolerance'
  | 'rules.form.errors.accountDigits'
  | 'rules.form.errors.accountLength'
  | 'rules.form.errors.accountChecksum'
  | 'rules.form.errors.note'
  | 'rules.form.errors.label';

/** Errors by field path: "name", "conditions.0.amount", "actions.1.note". */
export type RuleFormErrors = Partial<Record<string, RuleFormErrorKey>>;

export type ParsedRuleForm = { isValid: true; draft: RuleDraft } | { isValid: false; errors: RuleFormErrors };

let lastRowKey = 0;
function nextRowKey(): number {
  lastRowKey += 1;
  return lastRowKey;
}

export function newCondition(): ConditionFormValues {
  return {
    key: nextRowKey(),
    kind: 'text',
    textOperator: 'contains',
    text: '',
    values: [],
    amountOperator: 'equals',
    amount: '',
    min: '',
    max: '',
    tolerance: '',
    sign: 'out',
    accountNumber: '',
    isPresent: true,
  };
}

export function newAction(): ActionFormValues {
  return {
    key: nextRowKey(),
    kind: 'connect',
    connectBy: 'kid',
    status: BankTransactionStatus.PRIVATE,
    note: '',
    label: '',
  };
}

/** An amount in øre as a person types it back: "1 234,50" with plain spaces. */
function amountText(amountOre: number): string {
  return formatOre(amountOre).replaceAll('\u00A0', ' ');
}

type AmountCondition = Extract<RuleCondition, { kind: 'amount' }>;

function toAmountConditionValues(row: ConditionFormValues, condition: AmountCondition): ConditionFormValues {
  const amountRow = { ...row, kind: condition.kind, amountOperator: condition.operator };
  switch (condition.operator) {
    case 'equals':
      return { ...amountRow, amount: amountText(condition.amountOre) };
    case 'between':
      return { ...amountRow, min: amountText(condition.minOre), max: amountText(condition.maxOre) };
    case 'approximately':
      return {
        ...amountRow,
        amount: amountText(condition.amountOre),
        tolerance: amountText(condition.toleranceOre),
      };
    case 'sign':
      return { ...amountRow, sign: condition.sign };
  }
}

function toConditionValues(condition: RuleCondition): ConditionFormValues {
  const row = newCondition();
  switch (condition.kind) {
    case 'text':
      return condition.operator === 'oneOf'
        ? { ...row, textOperator: 'oneOf', values: condition.values }
        : { ...row, textOperator: condition.operator, text: condition.value };
    case 'amount':
      return toAmountConditionValues(row, condition);
    case 'counterpartyAccount':
    case 'bankAccount':
      return { ...row, kind: condition.kind, accountNumber: formatAccountNumber(condition.accountNumber) };
    case 'kidPresent':
      return { ...row, kind: condition.kind, isPresent: condition.present };
  }
}

function toActionValues(action: RuleAction): ActionFormValues {
  const row = newAction();
  switch (action.kind) {
    case 'connect':
      return { ...row, connectBy: action.by };
    case 'setStatus':
      return { ...row, kind: action.kind, status: action.status };
    case 'markPrivate':
      return { ...row, kind: action.kind };
    case 'setNote':
      return { ...row, kind: action.kind, note: action.note };
    case 'addLabel':
      return { ...row, kind: action.kind, label: action.label };
  }
}

/** The form of a rule to change, or of a new rule with one empty condition and one action. */
export function toRuleFormValues(rule: MatchRule | null): RuleFormValues {
  if (!rule) {
    return {
      name: '',
      priority: '100',
      isActive: true,
      conditions: [newCondition()],
      actions: [newAction()],
    };
  }
  return {
    name: rule.Name,
    priority: String(rule.Priority),
    isActive: rule.IsActive,
    conditions: rule.Conditions.map(toConditionValues),
    actions: rule.Actions.map(toActionValues),
  };
}

type Read<Value> = { value: Value } | { error: RuleFormErrorKey };

function readAmount(text: string): Read<number> {
  try {
    const amountOre = parseAmount(text.trim());
    return amountOre < 0 ? { error: 'rules.form.errors.amount' } : { value: amountOre };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      error:
        error.code === 'AMBIGUOUS_AMOUNT' ? 'rules.form.errors.amountAmbiguous' : 'rules.form.errors.amount',
    };
  }
}

function readAccountNumber(text: string): Read<string> {
  const result = validateAccountNumber(text);
  if (result.valid && result.normalized) return { value: result.normalized };
  if (result.reason === 'NOT_DIGITS') return { error: 'rules.form.errors.accountDigits' };
  if (result.reason === 'CHECKSUM' || result.reason === 'IBAN_CHECKSUM')
    return { error: 'rules.form.errors.accountChecksum' };
  return { error: 'rules.form.errors.accountLength' };
}

function readText(text: string, maxLength: number): Read<string> {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > maxLength
    ? { error: 'rules.form.errors.text' }
    : { value: trimmed };
}

/** The contract's check, so the form refuses what the server would: RE2 has no lookaround or backreferences. */
const PATTERN_ERRORS: Record<RulePatternProblem, RuleFormErrorKey> = {
  unreadable: 'rules.form.errors.regex',
  lookaround: 'rules.form.errors.regexUnsupported',
  backreference: 'rules.form.errors.regexUnsupported',
  tooComplex: 'rules.form.errors.regexTooLarge',
};

type FieldFailure = (field: string, key: RuleFormErrorKey) => undefined;
type AmountField = 'amount' | 'min' | 'max' | 'tolerance';

function readAmountCondition(
  row: ConditionFormValues,
  amountOf: (field: AmountField) => number | undefined,
  fail: FieldFailure,
): AmountCondition | undefined {
  switch (row.amountOperator) {
    case 'equals': {
      const amountOre = amountOf('amount');
      return amountOre === undefined ? undefined : { kind: 'amount', operator: 'equals', amountOre };
    }
    case 'between': {
      const minOre = amountOf('min');
      const maxOre = amountOf('max');
      if (minOre === undefined || maxOre === undefined) return undefined;
      return minOre <= maxOre
        ? { kind: 'amount', operator: 'between', minOre, maxOre }
        : fail('max', 'rules.form.errors.range');
    }
    case 'approximately': {
      const amountOre = amountOf('amount');
      const toleranceOre = amountOf('tolerance');
      if (toleranceOre !== undefined && toleranceOre > MAX_TOLERANCE_ORE)
        return fail('tolerance', 'rules.form.errors.tolerance');
      if (amountOre === undefined || toleranceOre === undefined) return undefined;
      return { kind: 'amount', operator: 'approximately', amountOre, toleranceOre };
    }
    case 'sign':
      return { kind: 'amount', operator: 'sign', sign: row.sign };
  }
}

/** Reads one condition row, putting its errors under "conditions.{index}.{field}". */
function readCondition(
  row: ConditionFormValues,
  path: string,
  errors: RuleFormErrors,
): RuleCondition | undefined {
  const fail: FieldFailure = (field, key) => {
    errors[`${path}.${field}`] = key;
    return undefined;
  };
  const amountOf = (field: AmountField) => {
    const read = readAmount(row[field]);
    if ('error' in read) fail(field, read.error);
    return 'error' in read ? undefined : read.value;
  };

  switch (row.kind) {
    case 'text': {
      if (row.textOperator === 'oneOf') {
        const values = [...new Set(row.values.map((value) => value.trim()).filter((value) => value !== ''))];
        const isValid =
          values.length > 0 &&
          values.length <= RULE_LIMITS.maxOneOf &&
          values.every((value) => value.length <= RULE_LIMITS.maxTextLength);
        return isValid
          ? { kind: 'text', operator: 'oneOf', values }
          : fail('values', 'rules.form.errors.values');
      }
      const text = readText(row.text, RULE_LIMITS.maxTextLength);
      if ('error' in text) return fail('text', text.error);
      if (row.textOperator === 'regex') {
        const problem = rulePatternProblem(text.value);
        return problem
          ? fail('text', PATTERN_ERRORS[problem])
          : { kind: 'text', operator: 'regex', value: text.value };
      }
      return { kind: 'text', operator: row.textOperator, value: text.value };
    }
    case 'amount':
      return readAmountCondition(row, amountOf, fail);
    case 'counterpartyAccount':
    case 'bankAccount': {
      const accountNumber = readAccountNumber(row.accountNumber);
      return 'error' in accountNumber
        ? fail('accountNumber', accountNumber.error)
        : { kind: row.kind, accountNumber: accountNumber.value };
    }
    case 'kidPresent':
      return { kind: 'kidPresent', present: row.isPresent };
  }
}

function readAction(row: ActionFormValues, path: string, errors: RuleFormErrors): RuleAction | undefined {
  switch (row.kind) {
    case 'connect':
      return { kind: 'connect', by: row.connectBy };
    case 'setStatus':
      return { kind: 'setStatus', status: row.status };
    case 'markPrivate':
      return { kind: 'markPrivate' };
    case 'setNote': {
      const note = readText(row.note, MAX_NOTE_LENGTH);
      if ('error' in note) errors[`${path}.note`] = 'rules.form.errors.note';
      return 'error' in note ? undefined : { kind: 'setNote', note: note.value };
    }
    case 'addLabel': {
      const label = readText(row.label, MAX_LABEL_LENGTH);
      if ('error' in label) errors[`${path}.label`] = 'rules.form.errors.label';
      return 'error' in label ? undefined : { kind: 'addLabel', label: label.value };
    }
  }
}

/** Checks every field at once, so a person sees all that needs fixing; amounts are read in kroner. */
export function parseRuleForm(values: RuleFormValues): ParsedRuleForm {
  const errors: RuleFormErrors = {};
  const name = values.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) errors.name = 'rules.form.errors.name';
  const priority = Number(values.priority.trim());
  const isPriorityValid =
    values.priority.trim() !== '' && Number.isInteger(priority) && priority >= 0 && priority <= MAX_PRIORITY;
  if (!isPriorityValid) errors.priority = 'rules.form.errors.priority';

  const conditions = values.conditions.map((row, index) => readCondition(row, `conditions.${index}`, errors));
  const actions = values.actions.map((row, index) => readAction(row, `actions.${index}`, errors));
  const readConditions = conditions.filter((condition) => condition !== undefined);
  const readActions = actions.filter((action) => action !== undefined);

  if (Object.keys(errors).length > 0) return { isValid: false, errors };
  return {
    isValid: true,
    draft: { name, priority, isActive: values.isActive, conditions: readConditions, actions: readActions },
  };
}
