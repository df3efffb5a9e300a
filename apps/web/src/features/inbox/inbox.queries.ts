import { computeInbox, inboxItemDetail, type Language } from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type InboxUrlFilter, toInboxQuery } from './inbox.filter';

/**
 * Query keys and calls of the inbox. Reasons come from the server in the person's language, so the
 * language is part of the key. The live stream invalidates `company` when something arrives.
 */
export const inboxKeys = {
  all: () => ['inbox'] as const,
  company: (companyId: number) => [...inboxKeys.all(), companyId] as const,
  list: (companyId: number, filter: InboxUrlFilter, language: Language) =>
    queryOptions({
      queryKey: [...inboxKeys.company(companyId), 'list', filter, language] as const,
      queryFn: async ({ signal }) =>
        (await api.call(computeInbox, { body: { companyId, ...toInboxQuery(filter) }, signal })).data,
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, uuid: string, language: Language) =>
    queryOptions({
      queryKey: [...inboxKeys.company(companyId), 'detail', uuid, language] as const,
      queryFn: async ({ signal }) =>
        (await api.call(inboxItemDetail, { params: { uuid }, query: { companyId }, signal })).data,
    }),
};
