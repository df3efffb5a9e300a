import { filterPositiveAmountInput } from '@bilag/domain/money/norwegian';
import { Select, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_OPERATORS,
  type AmountOperator,
  type ConditionFormValues,
  TEXT_OPERATORS,
  type TextOperator,
} from './rule.form';

type RuleConditionFieldsProps = {
  row: ConditionFormValues;
  /** The error key of a field of this row, translated. */
  errorOf: (field: string) => string | undefined;
  onChange: (changes: Partial<ConditionFormValues>) => void;
};

const textOperatorKeys = {
  contains: 'rules.form.operators.contains',
  equals: 'rules.form.operators.equals',
  startsWith: 'rules.form.operators.startsWith',
  regex: 'rules.form.operators.regex',
  oneOf: 'rules.form.operators.oneOf',
} as const satisfies Record<TextOperator, string>;

const amountOperatorKeys = {
  equals: 'rules.form.operators.amountEquals',
  between: 'rules.form.operators.between',
  approximately: 'rules.form.operators.approximately',
  sign: 'rules.form.operators.sign',
} as const satisfies Record<AmountOperator, string>;

const amountStyles = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;

/** The fields of one condition after its kind: what to compare and with what. */
export function RuleConditionFields({ row, errorOf, onChange }: RuleConditionFieldsProps) {
  const { t } = useTranslation();

  function amountInput(field: 'amount' | 'min' | 'max' | 'tolerance', label: string) {
    return (
      <TextInput
        label={label}
        inputMode="decimal"
        placeholder="1 234,50"
        value={row[field]}
        onChange={(event) => onChange({ [field]: filterPositiveAmountInput(event.currentTarget.value) })}
        error={errorOf(field)}
        w={130}
        styles={amountStyles}
        data-testid={`condition-${field}`}
      />
    );
  }

  switch (row.kind) {
    case 'text':
      return (
        <>
          <Select
            label={t('rules.form.operator')}
            data={TEXT_OPERATORS.map((operator) => ({
              value: operator,
              label: t(textOperatorKeys[operator]),
            }))}
            value={row.textOperator}
            onChange={(value) => {
              const operator = TEXT_OPERATORS.find((candidate) => candidate === value);
              if (operator) onChange({ textOperator: operator });
            }}
            allowDeselect={false}
            w={170}
            data-testid="condition-operator"
          />
          {row.textOperator === 'oneOf' ? (
            <TagsInput
              label={t('rules.form.values')}
              description={t('rules.form.valuesHint')}
              value={row.values}
              onChange={(values) => onChange({ values })}
              error={errorOf('values')}
              style={{ flex: 1, minWidth: 200 }}
              data-testid="condition-values"
            />
          ) : (
            <TextInput
              label={row.textOperator === 'regex' ? t('rules.form.pattern') : t('rules.form.text')}
              value={row.text}
              onChange={(event) => onChange({ text: event.currentTarget.value })}
              error={errorOf('text')}
              style={{ flex: 1, minWidth: 200 }}
              styles={
                row.textOperator === 'regex'
                  ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
                  : undefined
              }
              data-testid="condition-text"
            />
          )}
        </>
      );
    case 'amount':
      return (
        <>
          <Select
            label={t('rules.form.operator')}
            data={AMOUNT_OPERATORS.map((operator) => ({
              value: operator,
              label: t(amountOperatorKeys[operator]),
            }))}
            value={row.amountOperator}
            onChange={(value) => {
              const operator = AMOUNT_OPERATORS.find((candidate) => candidate === value);
              if (operator) onChange({ amountOperator: operator });
            }}
            allowDeselect={false}
            w={170}
            data-testid="condition-operator"
          />
          {row.amountOperator === 'equals' && amountInput('amount', t('rules.form.amount'))}
          {row.amountOperator === 'between' && (
            <>
              {amountInput('min', t('rules.form.min'))}
              {amountInput('max', t('rules.form.max'))}
            </>
          )}
          {row.amountOperator === 'approximately' && (
            <>
              {amountInput('amount', t('rules.form.amount'))}
              {amountInput('tolerance', t('rules.form.tolerance'))}
            </>
          )}
          {row.amountOperator === 'sign' && (
            <Select
              label={t('rules.form.direction')}
              data={[
                { value: 'out', label: t('rules.summary.moneyOut') },
                { value: 'in', label: t('rules.summary.moneyIn') },
              ]}
              value={row.sign}
              onChange={(value) => onChange({ sign: value === 'in' ? 'in' : 'out' })}
              allowDeselect={false}
              w={150}
              data-testid="condition-sign"
            />
          )}
        </>
      );
    case 'counterpartyAccount':
    case 'bankAccount':
      return (
        <TextInput
          label={t('rules.form.accountNumber')}
          placeholder="1234.56.78903"
          inputMode="numeric"
          value={row.accountNumber}
          onChange={(event) => onChange({ accountNumber: event.currentTarget.value })}
          error={errorOf('accountNumber')}
          w={190}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          data-testid="condition-account"
        />
      );
    case 'kidPresent':
      return (
        <Select
          label={t('rules.form.kid')}
          data={[
            { value: 'yes', label: t('rules.summary.hasKid') },
            { value: 'no', label: t('rules.summary.hasNoKid') },
          ]}
          value={row.isPresent ? 'yes' : 'no'}
          onChange={(value) => onChange({ isPresent: value !== 'no' })}
          allowDeselect={false}
          w={170}
          data-testid="condition-kid"
        />
      );
  }
}
