import { markInboxRead } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { toastFailure } from '../../ui/toast';
import { inboxKeys } from './inbox.queries';

export function useMarkInboxReadMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(markInboxRead, { body: { companyId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.company(companyId) }),
    onError: toastFailure,
  });
}
