import { type Language, listNotifications } from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** The bell asks again every minute, so a consent that ends or a failed sync shows without a reload. */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * Query keys and calls of the notification panel. The texts come from the server in the person's
 * language, so the language is part of the key and a switch fetches them again.
 */
export const notificationKeys = {
  all: () => ['notifications'] as const,
  company: (companyId: number) => [...notificationKeys.all(), companyId] as const,
  panel: (companyId: number, language: Language) =>
    queryOptions({
      queryKey: [...notificationKeys.company(companyId), 'panel', language] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listNotifications, { query: { companyId }, signal })).data,
      refetchInterval: NOTIFICATION_POLL_MS,
    }),
};
