export { inboxKeys } from './inbox.queries';
