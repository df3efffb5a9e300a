import { startOnboarding } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { settingsKeys } from './settings.queries';

/**
 * Starts the company's onboarding. With a page to sign the person goes there (the provider sends them
 * back to /onboarding/callback); a final status is shown where they are. The card shows a refusal itself.
 */
export function useStartOnboardingMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(startOnboarding, { params: { companyId } })).data,
    onSuccess: (onboarding) => {
      queryClient.setQueryData(settingsKeys.onboarding(companyId).queryKey, onboarding);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.allSteps(companyId) });
      if (onboarding.status === 'pending' && onboarding.signUrl) window.location.assign(onboarding.signUrl);
    },
    // A refusal may mean the onboarding moved on elsewhere (started, or ended, by someone else).
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.company(companyId) }),
  });
}
