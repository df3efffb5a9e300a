import { markAllNotificationsRead, type Notification, readNotification } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { toastFailure } from '../../ui/toast';
import { notificationKeys } from './notification.queries';

export function useReadNotificationMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notification: Notification) =>
      (await api.call(readNotification, { params: { id: notification.id }, body: { companyId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.company(companyId) }),
    onError: toastFailure,
  });
}

export function useMarkAllNotificationsReadMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(markAllNotificationsRead, { body: { companyId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.company(companyId) }),
    onError: toastFailure,
  });
}
