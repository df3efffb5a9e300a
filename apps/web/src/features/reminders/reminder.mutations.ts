import {
  createReminder,
  createVoucherAlert,
  type ReminderFields,
  type ReminderSettings,
  sendReminderNow,
  updateReminder,
  updateVoucherAlert,
  type VoucherAlertFields,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { reminderKeys } from './reminder.queries';

/**
 * The settings as the server answers them after a change, at once. A refusal may mean someone else
 * changed them meanwhile (the reminder was made in another tab), so they are fetched again then.
 */
function useSettingsChange(companyId: number) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (settings: ReminderSettings) =>
      queryClient.setQueryData(reminderKeys.settings(companyId).queryKey, settings),
    onError: () => void queryClient.invalidateQueries({ queryKey: reminderKeys.company(companyId) }),
  };
}

/** Makes the company's reminder, or changes the one it has. */
export function useSaveReminderMutation(companyId: number) {
  const change = useSettingsChange(companyId);
  return useMutation({
    mutationFn: async ({ id, fields }: { id: number | undefined; fields: ReminderFields }) => {
      const body = { companyId, ...fields };
      const reply =
        id === undefined
          ? await api.call(createReminder, { body })
          : await api.call(updateReminder, { params: { id }, body });
      return reply.data;
    },
    onSuccess: (settings) => {
      change.onSuccess(settings);
      toast(ToastType.success, i18n.t('reminders.reminder.saved'));
    },
    onError: change.onError,
  });
}

export function useSaveVoucherAlertMutation(companyId: number) {
  const change = useSettingsChange(companyId);
  return useMutation({
    mutationFn: async ({ id, fields }: { id: number | undefined; fields: VoucherAlertFields }) => {
      const body = { companyId, ...fields };
      const reply =
        id === undefined
          ? await api.call(createVoucherAlert, { body })
          : await api.call(updateVoucherAlert, { params: { id }, body });
      return reply.data;
    },
    onSuccess: (settings) => {
      change.onSuccess(settings);
      toast(ToastType.success, i18n.t('reminders.alert.saved'));
    },
    onError: change.onError,
  });
}

export function useSendReminderNowMutation(companyId: number) {
  return useMutation({
    mutationFn: async () => (await api.call(sendReminderNow, { body: { companyId } })).data,
    onSuccess: ({ isQueued }) =>
      toast(
        ToastType.info,
        i18n.t(isQueued ? 'reminders.reminder.sendQueued' : 'reminders.reminder.sendAlreadyQueued'),
      ),
    onError: toastFailure,
  });
}
