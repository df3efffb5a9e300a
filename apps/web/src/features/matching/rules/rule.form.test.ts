import type { MatchRule } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ConditionFormValues,
  newAction,
  newCondition,
  parseRuleForm,
  type RuleFormValues,
  toRuleFormValues,
} from './rule.form';

function form(
  conditions: Partial<ConditionFormValues>[],
  changes: Partial<RuleFormValues> = {},
): RuleFormValues {
  return {
    name: 'Telenor',
    priority: '100',
    isActive: true,
    conditions: conditions.map((condition) => ({ ...newCondition(), ...condition })),
    actions: [newAction()],
    ...changes,
  };
}

describe('reading the rule form', () => {
  it('reads amounts typed in kroner into øre', () => {
    const parsed = parseRuleForm(
      form([
        { kind: 'amount', amountOperator: 'equals', amount: '1 234,50' },
        { kind: 'amount', amountOperator: 'between', min: '100', max: '2.000,00' },
        { kind: 'amount', amountOperator: 'approximately', amount: '500', tolerance: '2,5' },
        { kind: 'amount', amountOperator: 'sign', sign: 'in' },
      ]),
    );
    expect(parsed).toEqual({
      isValid: true,
      draft: {
        name: 'Telenor',
        priority: 100,
        isActive: true,
        conditions: [
          { kind: 'amount', operator: 'equals', amountOre: 123450 },
          { kind: 'amount', operator: 'between', minOre: 10000, maxOre: 200000 },
          { kind: 'amount', operator: 'approximately', amountOre: 50000, toleranceOre: 250 },
          { kind: 'amount', operator: 'sign', sign: 'in' },
        ],
        actions: [{ kind: 'connect', by: 'kid' }],
      },
    });
  });

  it('says which amount field is wrong, and why', () => {
    const parsed = parseRuleForm(
      form([
        { kind: 'amount', amountOperator: 'equals', amount: '3.000' },
        { kind: 'amount', amountOperator: 'between', min: '200', max: '100' },
        { kind: 'amount', amountOperator: 'approximately', amount: '', tolerance: '200 000' },
      ]),
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: {
        'conditions.0.amount': 'rules.form.errors.amountAmbiguous',
        'conditions.1.max': 'rules.form.errors.range',
        'conditions.2.amount': 'rules.form.errors.amount',
        'conditions.2.tolerance': 'rules.form.errors.tolerance',
      },
    });
  });

  it('reads the text conditions, and refuses a regular expression that cannot be read', () => {
    const valid = parseRuleForm(
      form([
        { textOperator: 'contains', text: '  Telenor ' },
        { textOperator: 'oneOf', values: ['Rema', ' Kiwi ', '', 'Rema'] },
        { textOperator: 'regex', text: '^vipps\\s+\\d+' },
      ]),
    );
    expect(valid.isValid && valid.draft.conditions).toEqual([
      { kind: 'text', operator: 'contains', value: 'Telenor' },
      { kind: 'text', operator: 'oneOf', values: ['Rema', 'Kiwi'] },
      { kind: 'text', operator: 'regex', value: '^vipps\\s+\\d+' },
    ]);
    const invalid = parseRuleForm(
      form([
        { textOperator: 'regex', text: '(' },
        { textOperator: 'oneOf', values: [] },
      ]),
    );
    expect(invalid.isValid || invalid.errors).toEqual({
      'conditions.0.text': 'rules.form.errors.regex',
      'conditions.1.values': 'rules.form.errors.values',
    });
  });

  it('refuses what RE2, the engine rules run on, does not read: lookaround, backreferences, huge patterns', () => {
    const parsed = parseRuleForm(
      form([
        { textOperator: 'regex', text: 'telenor(?= norge)' },
        { textOperator: 'regex', text: '(?<!x)giro' },
        { textOperator: 'regex', text: '(giro)\\s+\\1' },
        { textOperator: 'regex', text: '(\\w|\\W){1000}' },
        { textOperator: 'regex', text: '^(a+)+$' },
        { textOperator: 'regex', text: '(?<w>a)\\k<w>' },
        { textOperator: 'regex', text: '\\u00e6(?<year>\\d{4})' },
      ]),
    );
    expect(parsed.isValid || parsed.errors).toEqual({
      'conditions.0.text': 'rules.form.errors.regexUnsupported',
      'conditions.1.text': 'rules.form.errors.regexUnsupported',
      'conditions.2.text': 'rules.form.errors.regexUnsupported',
      'conditions.3.text': 'rules.form.errors.regexTooLarge',
      'conditions.5.text': 'rules.form.errors.regexUnsupported',
    });
  });

  it('checks account numbers by their check digit and keeps only the digits', () => {
    const valid = parseRuleForm(form([{ kind: 'counterpartyAccount', accountNumber: '1503.77.88993' }]));
    expect(valid.isValid && valid.draft.conditions).toEqual([
      { kind: 'counterpartyAccount', accountNumber: '15037788993' },
    ]);
    const invalid = parseRuleForm(
      form([
        { kind: 'bankAccount', accountNumber: '1503.77.88994' },
        { kind: 'bankAccount', accountNumber: '1503778' },
      ]),
    );
    expect(invalid.isValid || invalid.errors).toEqual({
      'conditions.0.accountNumber': 'rules.form.errors.accountChecksum',
      'conditions.1.accountNumber': 'rules.form.errors.accountLength',
    });
  });

  it('needs a name and a priority from 0 to 10 000', () => {
    const parsed = parseRuleForm(form([{ text: 'x' }], { name: '  ', priority: '10001' }));
    expect(parsed.isValid || parsed.errors).toEqual({
      name: 'rules.form.errors.name',
      priority: 'rules.form.errors.priority',
    });
  });

  it('reads the actions, and needs the note and label they set', () => {
    const parsed = parseRuleForm(
      form([{ text: 'Husleie' }], {
        actions: [
          { ...newAction(), kind: 'setStatus', status: 4 },
          { ...newAction(), kind: 'markPrivate' },
          { ...newAction(), kind: 'setNote', note: ' Husleie ' },
          { ...newAction(), kind: 'addLabel', label: '' },
        ],
      }),
    );
    expect(parsed.isValid || parsed.errors).toEqual({ 'actions.3.label': 'rules.form.errors.label' });
  });
});

describe('a saved rule in the form', () => {
  it('shows its amounts in kroner and its account numbers grouped, and reads back the same', () => {
    const rule: MatchRule = {
      Id: 4,
      CompanyId: 1,
      Scope: 'local',
      Name: 'Husleie',
      Priority: 20,
      IsActive: false,
      Conditions: [
        { kind: 'amount', operator: 'approximately', amountOre: 1250000, toleranceOre: 5000 },
        { kind: 'counterpartyAccount', accountNumber: '15037788993' },
        { kind: 'kidPresent', present: false },
      ],
      Actions: [{ kind: 'setNote', note: 'Husleie' }],
      HitCount: 0,
      LastHitAt: null,
      CreatedAt: '2026-10-01T08:00:00Z',
      UpdatedAt: '2026-10-01T08:00:00Z',
    };
    const values = toRuleFormValues(rule);
    expect(values.conditions[0]).toMatchObject({ kind: 'amount', amount: '12 500,00', tolerance: '50,00' });
    expect(values.conditions[1]).toMatchObject({ accountNumber: '1503.77.88993' });
    expect(parseRuleForm(values)).toEqual({
      isValid: true,
      draft: {
        name: 'Husleie',
        priority: 20,
        isActive: false,
        conditions: rule.Conditions,
        actions: rule.Actions,
      },
    });
  });
});
