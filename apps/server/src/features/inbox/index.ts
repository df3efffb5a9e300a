export { INBOX_ITEM_FILE_OWNER, type NewArrival } from './inbox.repository';
export { inboxRoutes } from './inbox.routes';
export { readableReason, recordArrival, toInboxItem, updateArrival } from './inbox.service';
export type { InboxItemRow } from './inbox.table';
