import { acceptMailReview, type InboxItem, refuseMailReview } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { toastFailure } from '../../ui/toast';
import { inboxKeys } from '../inbox';
import { mailKeys } from './mail.queries';

function useAfterReview(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inboxKeys.company(companyId) }),
      queryClient.invalidateQueries({ queryKey: mailKeys.admin() }),
    ]);
}

export function useAcceptMailMutation(companyId: number, inboxItemId: number) {
  const afterReview = useAfterReview(companyId);
  return useMutation({
    mutationFn: async (rememberSender: boolean): Promise<InboxItem> =>
      (
        await api.call(acceptMailReview, {
          params: { inboxItemId },
          body: { companyId, rememberSender },
        })
      ).data,
    onSettled: afterReview,
    onError: toastFailure,
  });
}

export function useRefuseMailMutation(companyId: number, inboxItemId: number) {
  const afterReview = useAfterReview(companyId);
  return useMutation({
    mutationFn: async (note: string): Promise<InboxItem> =>
      (await api.call(refuseMailReview, { params: { inboxItemId }, body: { companyId, note } })).data,
    onSettled: afterReview,
    onError: toastFailure,
  });
}
