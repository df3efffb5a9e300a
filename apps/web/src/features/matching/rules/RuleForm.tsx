import { type MatchRule, RULE_LIMITS } from '@bilag/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../ui/FormFooter';
import { useParsedForm } from '../../../ui/useParsedForm';
import { RuleConditionFields } from './RuleConditionFields';
import { RulePreviewPanel } from './RulePreviewPanel';
import {
  ACTION_KINDS,
  type ActionFormValues,
  type ActionKind,
  CONDITION_KINDS,
  type ConditionFormValues,
  type ConditionKind,
  MAX_LABEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  newAction,
  newCondition,
  parseRuleForm,
  RULE_STATUSES,
  type RuleFormValues,
  toRuleFormValues,
} from './rule.form';
import { usePreviewRuleMutation, useSaveRuleMutation } from './rule.mutations';
import type { RuleListScope } from './rule.queries';
import { ruleStatusText } from './rule.summary';

type RuleFormProps = {
  scope: RuleListScope;
  /** The company whose open transactions the preview looks at. */
  companyId: number;
  /** The rule to change; a new rule when null. */
  rule: MatchRule | null;
  onSaved: (rule: MatchRule) => void;
  onCancel: () => void;
};

const conditionKindKeys = {
  text: 'rules.form.kinds.text',
  amount: 'rules.form.kinds.amount',
  counterpartyAccount: 'rules.form.kinds.counterpartyAccount',
  kidPresent: 'rules.form.kinds.kidPresent',
  bankAccount: 'rules.form.kinds.bankAccount',
} as const satisfies Record<ConditionKind, string>;

const actionKindKeys = {
  connect: 'rules.form.actionKinds.connect',
  setStatus: 'rules.form.actionKinds.setStatus',
  markPrivate: 'rules.form.actionKinds.markPrivate',
  setNote: 'rules.form.actionKinds.setNote',
  addLabel: 'rules.form.actionKinds.addLabel',
} as const satisfies Record<ActionKind, string>;

function ActionFields({
  row,
  errorOf,
  onChange,
}: {
  row: ActionFormValues;
  errorOf: (field: string) => string | undefined;
  onChange: (changes: Partial<ActionFormValues>) => void;
}) {
  const { t } = useTranslation();
  switch (row.kind) {
    case 'connect':
      return (
        <Select
          label={t('rules.form.connectBy')}
          data={[
            { value: 'kid', label: t('rules.form.byKid') },
            { value: 'amount', label: t('rules.form.byAmount') },
          ]}
          value={row.connectBy}
          onChange={(value) => onChange({ connectBy: value === 'amount' ? 'amount' : 'kid' })}
          allowDeselect={false}
          w={220}
          data-testid="action-connect-by"
        />
      );
    case 'setStatus':
      return (
        <Select
          label={t('rules.form.status')}
          data={RULE_STATUSES.map((status) => ({ value: String(status), label: ruleStatusText(status, t) }))}
          value={String(row.status)}
          onChange={(value) => {
            const status = RULE_STATUSES.find((candidate) => String(candidate) === value);
            if (status !== undefined) onChange({ status });
          }}
          allowDeselect={false}
          w={200}
          data-testid="action-status"
        />
      );
    case 'markPrivate':
      return null;
    case 'setNote':
      return (
        <TextInput
          label={t('rules.form.note')}
          value={row.note}
          onChange={(event) => onChange({ note: event.currentTarget.value })}
          error={errorOf('note')}
          maxLength={MAX_NOTE_LENGTH}
          style={{ flex: 1, minWidth: 200 }}
          data-testid="action-note"
        />
      );
    case 'addLabel':
      return (
        <TextInput
          label={t('rules.form.label')}
          value={row.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
          error={errorOf('label')}
          maxLength={MAX_LABEL_LENGTH}
          w={220}
          data-testid="action-label"
        />
      );
  }
}

/**
 * A rule: its name, its place in the order, whether it runs, the conditions that must all hold and what
 * it then does. Preview shows what it would do to the open transactions before it is saved.
 */
export function RuleForm({ scope, companyId, rule, onSaved, onCancel }: RuleFormProps) {
  const { t } = useTranslation();
  const { values, errors, setValues, clearErrors, errorText, validate, submit } = useParsedForm(
    () => toRuleFormValues(rule),
    parseRuleForm,
  );
  const saveRule = useSaveRuleMutation(scope);
  const preview = usePreviewRuleMutation(scope.scope, companyId);

  /** Any change makes a shown preview and a shown refusal out of date. */
  function update(change: (current: RuleFormValues) => RuleFormValues) {
    setValues(change);
    preview.reset();
    saveRule.reset();
  }

  /** A field's error goes as soon as the field is changed; a row's errors when any of its fields is. */
  function clearErrorsUnder(pathPrefix: string) {
    clearErrors((path) => path.startsWith(pathPrefix));
  }

  function onChangeCondition(index: number, changes: Partial<ConditionFormValues>) {
    update((current) => ({
      ...current,
      conditions: current.conditions.map((row, at) => (at === index ? { ...row, ...changes } : row)),
    }));
    clearErrorsUnder(`conditions.${index}.`);
  }

  function onChangeAction(index: number, changes: Partial<ActionFormValues>) {
    update((current) => ({
      ...current,
      actions: current.actions.map((row, at) => (at === index ? { ...row, ...changes } : row)),
    }));
    clearErrorsUnder(`actions.${index}.`);
  }

  /** Errors follow rows by position, so removing a row clears them all rather than shifting them. */
  function onRemoveCondition(index: number) {
    update((current) => ({ ...current, conditions: current.conditions.filter((_, at) => at !== index) }));
    clearErrors();
  }

  function onRemoveAction(index: number) {
    update((current) => ({ ...current, actions: current.actions.filter((_, at) => at !== index) }));
    clearErrors();
  }

  function onPreview() {
    const parsed = validate();
    if (parsed) preview.mutate({ draft: parsed.draft, ruleId: rule?.Id ?? null });
  }

  const onSubmit = submit(({ draft }) =>
    saveRule.mutate({ ruleId: rule?.Id ?? null, draft }, { onSuccess: onSaved }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('rules.form.label')} data-testid="rule-form">
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('rules.fields.name')}
            required
            value={values.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              update((current) => ({ ...current, name }));
              clearErrorsUnder('name');
            }}
            error={errorText('name')}
            maxLength={MAX_NAME_LENGTH}
            style={{ flex: 1, minWidth: 220 }}
            data-autofocus
            data-testid="rule-name"
          />
          <TextInput
            label={t('rules.fields.priority')}
            description={t('rules.form.priorityHint')}
            inputMode="numeric"
            value={values.priority}
            onChange={(event) => {
              const priority = event.currentTarget.value.replace(/\D/g, '');
              update((current) => ({ ...current, priority }));
              clearErrorsUnder('priority');
            }}
            error={errorText('priority')}
            w={150}
            data-testid="rule-priority"
          />
          <Switch
            mt={30}
            label={t('rules.fields.active')}
            checked={values.isActive}
            onChange={(event) => {
              const isActive = event.currentTarget.checked;
              update((current) => ({ ...current, isActive }));
            }}
            data-testid="rule-active"
          />
        </Group>

        <RuleRowsSection
          part="condition"
          title={t('rules.form.conditions')}
          rows={values.conditions}
          kindLabel={t('rules.form.kind')}
          kinds={CONDITION_KINDS.map((kind) => ({ value: kind, label: t(conditionKindKeys[kind]) }))}
          kindWidth={200}
          rowLabel={(number) => t('rules.form.conditionNumber', { number })}
          removeLabel={(number) => t('rules.form.removeCondition', { number })}
          addLabel={t('rules.form.addCondition')}
          maxRows={RULE_LIMITS.maxConditions}
          onKind={(index, value) => {
            const kind = CONDITION_KINDS.find((candidate) => candidate === value);
            if (kind) onChangeCondition(index, { kind });
          }}
          fields={(row, index) => (
            <RuleConditionFields
              row={row}
              errorOf={(field) => errorText(`conditions.${index}.${field}`)}
              onChange={(changes) => onChangeCondition(index, changes)}
            />
          )}
          onRemove={onRemoveCondition}
          onAdd={() =>
            update((current) => ({ ...current, conditions: [...current.conditions, newCondition()] }))
          }
        />

        <RuleRowsSection
          part="action"
          title={t('rules.form.actions')}
          rows={values.actions}
          kindLabel={t('rules.form.actionKind')}
          kinds={ACTION_KINDS.map((kind) => ({ value: kind, label: t(actionKindKeys[kind]) }))}
          kindWidth={220}
          rowLabel={(number) => t('rules.form.actionNumber', { number })}
          removeLabel={(number) => t('rules.form.removeAction', { number })}
          addLabel={t('rules.form.addAction')}
          maxRows={RULE_LIMITS.maxActions}
          onKind={(index, value) => {
            const kind = ACTION_KINDS.find((candidate) => candidate === value);
            if (kind) onChangeAction(index, { kind });
          }}
          fields={(row, index) => (
            <ActionFields
              row={row}
              errorOf={(field) => errorText(`actions.${index}.${field}`)}
              onChange={(changes) => onChangeAction(index, changes)}
            />
          )}
          onRemove={onRemoveAction}
          onAdd={() => update((current) => ({ ...current, actions: [...current.actions, newAction()] }))}
        />

        {preview.data && <RulePreviewPanel preview={preview.data} />}

        <FormFooter
          error={saveRule.error ?? preview.error}
          errorTestId="rule-failed"
          start={
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={preview.isPending}
              onClick={onPreview}
              data-testid="rule-preview-button"
            >
              {t('rules.form.preview')}
            </Button>
          }
          status={
            Object.keys(errors).length > 0 && (
              <Text size="sm" c="red.8" role="alert">
                {t('rules.form.fixErrors')}
              </Text>
            )
          }
          cancelLabel={t('rules.form.cancel')}
          onCancel={onCancel}
          saveLabel={t('rules.form.save')}
          isSaving={saveRule.isPending}
          saveTestId="rule-save"
        />
      </Stack>
    </form>
  );
}

type RuleRowsSectionProps<Row extends { key: number; kind: string }> = {
  /** condition or action: names the section's heading and test ids. */
  part: 'condition' | 'action';
  title: string;
  rows: Row[];
  kindLabel: string;
  kinds: { value: string; label: string }[];
  kindWidth: number;
  rowLabel: (number: number) => string;
  removeLabel: (number: number) => string;
  addLabel: string;
  maxRows: number;
  onKind: (index: number, kind: string | null) => void;
  fields: (row: Row, index: number) => ReactNode;
  onRemove: (index: number) => void;
  onAdd: () => void;
};

/** The conditions or the actions of a rule: one bordered group per row, each with its kind and fields. */
function RuleRowsSection<Row extends { key: number; kind: string }>({
  part,
  title,
  rows,
  kindLabel,
  kinds,
  kindWidth,
  rowLabel,
  removeLabel,
  addLabel,
  maxRows,
  onKind,
  fields,
  onRemove,
  onAdd,
}: RuleRowsSectionProps<Row>) {
  const headingId = `rule-${part}s-heading`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="sm" id={headingId}>
        {title}
      </Title>
      {rows.map((row, index) => (
        <Paper
          key={row.key}
          withBorder
          radius="md"
          p="sm"
          role="group"
          aria-label={rowLabel(index + 1)}
          data-testid={`${part}-${index}`}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Select
              label={kindLabel}
              data={kinds}
              value={row.kind}
              onChange={(value) => onKind(index, value)}
              allowDeselect={false}
              w={kindWidth}
              data-testid={`${part}-kind`}
            />
            {fields(row, index)}
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              ml="auto"
              aria-label={removeLabel(index + 1)}
              disabled={rows.length === 1}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={rows.length >= maxRows}
        onClick={onAdd}
        data-testid={`add-${part}`}
      >
        {addLabel}
      </Button>
    </Stack>
  );
}
