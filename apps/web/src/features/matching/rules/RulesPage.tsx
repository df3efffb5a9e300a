import type { MatchRule, RoleAction, RuleScope } from '@bilag/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBolt,
  IconCircleCheck,
  IconCopy,
  IconInfoCircle,
  IconListCheck,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../../app/company/CurrentCompany';
import { AppModal } from '../../../ui/AppModal';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { DateFormat, formatDate } from '../../../ui/dates';
import { useKeywordParam } from '../../../ui/FilterBar';
import { keyedByText } from '../../../ui/keyed';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchListCard } from '../../../ui/SearchListCard';
import { useRowSelection } from '../../../ui/SelectableTable';
import { authKeys } from '../../auth';
import { useAutoMatchMutation } from '../matching.mutations';
import { CopyRulesModal } from './CopyRulesModal';
import { RuleForm } from './RuleForm';
import { useDeleteRuleMutation, useSetRuleActiveMutation } from './rule.mutations';
import { ruleKeys, ruleListScope } from './rule.queries';
import { actionText, conditionText } from './rule.summary';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The open editor: a rule to change, or null for a new one. */
type Editor = { rule: MatchRule | null };

const texts = {
  local: {
    title: 'rules.local.title',
    subtitle: 'rules.local.subtitle',
    nav: 'nav.rulesLocal',
    empty: 'rules.local.emptyText',
  },
  global: {
    title: 'rules.global.title',
    subtitle: 'rules.global.subtitle',
    nav: 'nav.rulesGlobal',
    empty: 'rules.global.emptyText',
  },
} as const;

/** Precedence as matching applies it: the lower priority first, then the older rule. */
function byPrecedence(rules: readonly MatchRule[]): MatchRule[] {
  return [...rules].sort((first, second) => first.Priority - second.Priority || first.Id - second.Id);
}

/**
 * The matching rules of this company (local) or of every company of the bureau (global): what each looks
 * for and does, whether it runs and how often it has acted. Global rules are changed only by those whose
 * role allows it; the server refuses anyone else.
 */
/** The role action that lets a person change the rules of a scope (the role matrix's, as the server checks it). */
const RULE_EDIT_ACTION = { local: 'rules.edit', global: 'rules.global.edit' } as const satisfies Record<
  RuleScope,
  RoleAction
>;

export function RulesPage({ scope }: { scope: RuleScope }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const queryClient = useQueryClient();
  const roleActions = useQuery(authKeys.roleActions());
  useDocumentTitle(`${t(texts[scope].nav)} – ${company.Name} – Bilag`);

  const listScope = ruleListScope(scope, company.Id);
  const { keyword, keywordText } = useKeywordParam();
  const rules = useQuery(ruleKeys.list(listScope, keyword));
  const rows = byPrecedence(rules.data?.rows ?? []);
  const selection = useRowSelection(rows.map((rule) => rule.Id));
  const setActive = useSetRuleActiveMutation(listScope);
  const deleteRule = useDeleteRuleMutation(listScope);
  const runRules = useAutoMatchMutation(company.Id);
  const [editor, setEditor] = useState<Editor>();
  const [deleting, setDeleting] = useState<MatchRule>();
  const [isCopying, setIsCopying] = useState(false);
  const [savedRuleName, setSavedRuleName] = useState<string>();

  const canEdit = roleActions.data?.actions.includes(RULE_EDIT_ACTION[scope]) ?? false;
  const canCopy = scope === 'local' && canEdit;

  function onOpenEditor(rule: MatchRule | null) {
    setEditor({ rule });
  }

  function onSaved(rule: MatchRule) {
    setEditor(undefined);
    setSavedRuleName(rule.Name);
  }

  function onRunRules() {
    runRules.mutate('rules', {
      onSuccess: () => {
        setSavedRuleName(undefined);
        void queryClient.invalidateQueries({ queryKey: ruleKeys.all() });
      },
    });
  }

  function onConfirmDelete() {
    if (!deleting) return;
    deleteRule.mutate(deleting, { onSettled: () => setDeleting(undefined) });
  }

  const selectedCount = selection.selectedOnPage.length;

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t(texts[scope].title)}
        subtitle={t(texts[scope].subtitle, { company: company.Name })}
      >
        <Button
          variant="default"
          leftSection={<IconBolt size={18} aria-hidden />}
          loading={runRules.isPending}
          onClick={onRunRules}
          data-testid="run-rules"
        >
          {t('rules.run')}
        </Button>
        {canCopy && (
          <Button
            variant="default"
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => setIsCopying(true)}
            disabled={rows.length === 0}
            data-testid="copy-rules"
          >
            {t('rules.copy.open')}
          </Button>
        )}
        {canEdit && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => onOpenEditor(null)}
            data-testid="add-rule"
          >
            {t('rules.add')}
          </Button>
        )}
      </PageHeader>

      {!canEdit && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          data-testid="rules-read-only"
        >
          {t(scope === 'local' ? 'rules.local.readOnly' : 'rules.global.readOnly')}
        </Alert>
      )}

      {savedRuleName !== undefined && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setSavedRuleName(undefined)}
          data-testid="rule-saved"
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('rules.saved.runOffer', { name: savedRuleName })}</Text>
            <Button
              size="xs"
              leftSection={<IconBolt size={14} aria-hidden />}
              loading={runRules.isPending}
              onClick={onRunRules}
            >
              {t('rules.run')}
            </Button>
          </Group>
        </Alert>
      )}

      <SearchListCard
        search={{
          label: t('rules.search'),
          placeholder: t('rules.searchPlaceholder'),
          value: keywordText.text,
          onChange: keywordText.onChange,
          count: rules.data ? t('rules.count', { count: rules.data.total }) : undefined,
          isFetching: rules.isFetching,
          searchTestId: 'rule-search',
          countTestId: 'rule-count',
          maxWidth: 360,
        }}
        query={rules}
        isEmpty={(data) => data.rows.length === 0}
        empty={{
          icon: <IconListCheck size={28} aria-hidden />,
          title: t('rules.emptyTitle'),
          description: keyword ? t('rules.emptyFiltered') : t(texts[scope].empty),
          'data-testid': 'rules-empty',
        }}
        table={{ label: t(texts[scope].title), minWidth: 980 }}
        head={
          <Table.Tr>
            {canCopy && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('rules.selectAll')}
                  checked={rows.length > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={selection.onToggleAll}
                />
              </Table.Th>
            )}
            <Table.Th w={80}>{t('rules.fields.priority')}</Table.Th>
            <Table.Th w={180}>{t('rules.fields.name')}</Table.Th>
            <Table.Th>{t('rules.fields.conditions')}</Table.Th>
            <Table.Th>{t('rules.fields.actions')}</Table.Th>
            <Table.Th w={80}>{t('rules.fields.active')}</Table.Th>
            <Table.Th w={70} ta="right">
              {t('rules.fields.hits')}
            </Table.Th>
            <Table.Th w={150}>{t('rules.fields.lastHit')}</Table.Th>
            {canEdit && <Table.Th w={84} aria-label={t('rules.fields.change')} />}
          </Table.Tr>
        }
      >
        {() =>
          rows.map((rule) => (
            <Table.Tr key={rule.Id} data-testid={`rule-row-${rule.Id}`}>
              {canCopy && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('rules.selectOne', { name: rule.Name })}
                    checked={selection.selectedIds.has(rule.Id)}
                    onChange={() => selection.onToggleSelected(rule.Id)}
                  />
                </Table.Td>
              )}
              <Table.Td style={numeric}>{rule.Priority}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {rule.Name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {keyedByText(rule.Conditions, (condition) => conditionText(condition, t)).map(
                    ({ key, text }, index) => (
                      <Text key={key} size="sm">
                        {index > 0 && (
                          <Text span size="xs" c="dimmed">
                            {t('rules.and')}{' '}
                          </Text>
                        )}
                        {text}
                      </Text>
                    ),
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {keyedByText(rule.Actions, (action) => actionText(action, t)).map(({ key, text }) => (
                    <Text key={key} size="sm">
                      {text}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t('rules.activeLabel', { name: rule.Name })}
                  checked={rule.IsActive}
                  disabled={!canEdit || (setActive.isPending && setActive.variables.rule.Id === rule.Id)}
                  onChange={(event) => setActive.mutate({ rule, isActive: event.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td ta="right" style={numeric} data-testid="rule-hits">
                {rule.HitCount}
              </Table.Td>
              <Table.Td style={numeric}>
                <Text size="sm">
                  {rule.LastHitAt ? formatDate(rule.LastHitAt, DateFormat.dateTime) : t('rules.never')}
                </Text>
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('rules.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('rules.editLabel', { name: rule.Name })}
                        onClick={() => onOpenEditor(rule)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('rules.delete.button')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('rules.delete.label', { name: rule.Name })}
                        onClick={() => setDeleting(rule)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))
        }
      </SearchListCard>

      <AppModal
        opened={editor !== undefined}
        onClose={() => setEditor(undefined)}
        title={
          editor?.rule ? t('rules.form.editTitle', { name: editor.rule.Name }) : t('rules.form.addTitle')
        }
        size={980}
        fullScreenBelow="48em"
      >
        {editor && (
          <RuleForm
            scope={listScope}
            companyId={company.Id}
            rule={editor.rule}
            onSaved={onSaved}
            onCancel={() => setEditor(undefined)}
          />
        )}
      </AppModal>

      <ConfirmModal
        opened={deleting !== undefined}
        title={t('rules.delete.title')}
        text={t('rules.delete.text', { name: deleting?.Name ?? '' })}
        confirmLabel={t('rules.delete.confirm')}
        cancelLabel={t('rules.delete.cancel')}
        isPending={deleteRule.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={onConfirmDelete}
        data-testid="confirm-delete-rule"
      />

      {canCopy && (
        <CopyRulesModal
          key={String(isCopying)}
          opened={isCopying}
          fromCompanyId={company.Id}
          tickedRuleIds={selection.selectedOnPage}
          onClose={() => setIsCopying(false)}
        />
      )}
    </Stack>
  );
}
