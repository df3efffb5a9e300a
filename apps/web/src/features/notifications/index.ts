export { NotificationBell } from './NotificationBell';
export { notificationKeys } from './notification.queries';
