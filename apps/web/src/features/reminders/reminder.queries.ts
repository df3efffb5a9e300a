import { lastTimeSendReminder, reminderSettings } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** Query keys and calls of a company's reminder and voucher alert; both sit under `company(companyId)`. */
export const reminderKeys = {
  all: () => ['reminders'] as const,
  company: (companyId: number) => [...reminderKeys.all(), companyId] as const,
  settings: (companyId: number) =>
    queryOptions({
      queryKey: [...reminderKeys.company(companyId), 'settings'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(reminderSettings, { query: { companyId }, signal })).data,
    }),
  lastSent: (companyId: number) =>
    queryOptions({
      queryKey: [...reminderKeys.company(companyId), 'last-sent'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(lastTimeSendReminder, { query: { companyId }, signal })).data.lastTimeSendReminder,
    }),
};
