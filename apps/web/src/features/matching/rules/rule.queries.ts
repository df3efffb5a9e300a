import { globalRules, localRules, type RuleScope } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';

/** The rules of one company (local) or of every company (global, whichever company is open). */
export type RuleListScope = { scope: 'local'; companyId: number } | { scope: 'global' };

export function ruleListScope(scope: RuleScope, companyId: number): RuleListScope {
  return scope === 'local' ? { scope, companyId } : { scope };
}

export const ruleKeys = {
  all: () => ['match-rules'] as const,
  lists: (scope: RuleListScope) => [...ruleKeys.all(), scope] as const,
  list: (scope: RuleListScope, keyword: string | undefined) =>
    queryOptions({
      queryKey: [...ruleKeys.lists(scope), keyword ?? ''] as const,
      queryFn: async ({ signal }) =>
        (scope.scope === 'local'
          ? await api.call(localRules, { query: { companyId: scope.companyId, keyword }, signal })
          : await api.call(globalRules, { query: { keyword }, signal })
        ).data,
      placeholderData: keepPreviousData,
    }),
};
