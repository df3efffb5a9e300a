import {
  addGlobalRule,
  addLocalRule,
  copyLocalRules,
  deleteGlobalRule,
  deleteLocalRule,
  type MatchRule,
  previewGlobalRule,
  previewLocalRule,
  type RuleDraft,
  updateGlobalRule,
  updateLocalRule,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import type { RuleListScope } from './rule.queries';
import { ruleKeys } from './rule.queries';

/** A saved rule's fields as a draft, to send it back with one field changed. */
function draftOf(rule: MatchRule): RuleDraft {
  return {
    name: rule.Name,
    priority: rule.Priority,
    isActive: rule.IsActive,
    conditions: rule.Conditions,
    actions: rule.Actions,
  };
}

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ruleKeys.all() });
}

async function saveRule(scope: RuleListScope, ruleId: number | null, draft: RuleDraft) {
  if (scope.scope === 'local') {
    const body = { ...draft, companyId: scope.companyId };
    return ruleId === null
      ? (await api.call(addLocalRule, { body })).data
      : (await api.call(updateLocalRule, { params: { id: ruleId }, body })).data;
  }
  return ruleId === null
    ? (await api.call(addGlobalRule, { body: draft })).data
    : (await api.call(updateGlobalRule, { params: { id: ruleId }, body: draft })).data;
}

type SaveRule = { ruleId: number | null; draft: RuleDraft };

/** Adds a rule (no id) or changes one; the form stays open and shows a refusal itself. */
export function useSaveRuleMutation(scope: RuleListScope) {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: ({ ruleId, draft }: SaveRule) => saveRule(scope, ruleId, draft),
    onSuccess: (rule, { ruleId }) => {
      void refresh();
      toast(
        ToastType.success,
        i18n.t(ruleId === null ? 'rules.saved.added' : 'rules.saved.changed', { name: rule.Name }),
      );
    },
  });
}

/** Switches a rule on or off from the list, sending the rest of it unchanged. */
export function useSetRuleActiveMutation(scope: RuleListScope) {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: ({ rule, isActive }: { rule: MatchRule; isActive: boolean }) =>
      saveRule(scope, rule.Id, { ...draftOf(rule), isActive }),
    onSuccess: () => void refresh(),
    onError: (error) => {
      void refresh();
      toastFailure(error);
    },
  });
}

export function useDeleteRuleMutation(scope: RuleListScope) {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: async (rule: MatchRule) =>
      scope.scope === 'local'
        ? api.call(deleteLocalRule, { params: { id: rule.Id }, query: { companyId: scope.companyId } })
        : api.call(deleteGlobalRule, { params: { id: rule.Id }, query: {} }),
    onSuccess: (_reply, rule) => {
      void refresh();
      toast(ToastType.success, i18n.t('rules.delete.done', { name: rule.Name }));
    },
    onError: toastFailure,
  });
}

type PreviewRule = { draft: RuleDraft; ruleId: number | null };

/** What a draft would do to the open transactions of the company that is open. */
export function usePreviewRuleMutation(scope: RuleListScope['scope'], companyId: number) {
  return useMutation({
    mutationFn: async ({ draft, ruleId }: PreviewRule) =>
      (
        await api.call(scope === 'local' ? previewLocalRule : previewGlobalRule, {
          body: { companyId, rule: draft, ...(ruleId === null ? {} : { ruleId }) },
        })
      ).data,
  });
}

type CopyRules = { toCompanyIds: number[]; ruleIds: number[] | undefined };

export function useCopyRulesMutation(fromCompanyId: number) {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: async ({ toCompanyIds, ruleIds }: CopyRules) =>
      (
        await api.call(copyLocalRules, {
          body: { fromCompanyId, toCompanyIds, ...(ruleIds === undefined ? {} : { ruleIds }) },
        })
      ).data,
    onSuccess: ({ copied, companies }) => {
      void refresh();
      toast(
        ToastType.success,
        i18n.t('rules.copy.done', {
          count: copied,
          companies: i18n.t('rules.copy.companies', { count: companies }),
        }),
      );
    },
  });
}
