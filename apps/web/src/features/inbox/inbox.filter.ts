import { INBOX_PAGE_SIZE } from '@bilag/contracts';
import { z } from 'zod';
import { defineUrlFilter, PAGE_PARAMS, useUrlFilter } from '../../ui/url-filter';

/** Which arrivals the list shows by the person's own reading of them. */
export const INBOX_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type InboxReadFilter = (typeof INBOX_READ_FILTERS)[number];

const InboxUrlFilterSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().trim().max(200).optional(),
  read: z.enum(INBOX_READ_FILTERS).default('all'),
});
export type InboxUrlFilter = z.infer<typeof InboxUrlFilterSchema>;

const inboxUrlFilter = defineUrlFilter<InboxUrlFilter>(InboxUrlFilterSchema, {
  pageNumber: PAGE_PARAMS.pageNumber,
  keyword: 'q',
  read: 'read',
});

/** The inbox filter kept in the address, so a reload or a shared link shows the same page. */
export function useInboxFilter() {
  return useUrlFilter(inboxUrlFilter);
}

/** The filter of spec §3 (page, pagesize 10, filterSearchText, filterIsRead) for the list call. */
export function toInboxQuery(filter: InboxUrlFilter) {
  return {
    page: filter.pageNumber,
    pagesize: INBOX_PAGE_SIZE,
    ...(filter.keyword ? { filterSearchText: filter.keyword } : {}),
    ...(filter.read === 'all' ? {} : { filterIsRead: filter.read === 'read' }),
  };
}
