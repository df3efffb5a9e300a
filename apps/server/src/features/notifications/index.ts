export { announceLiveChange, type LiveChange, liveUpdateRoutes } from './live-updates';
export { notificationRoutes } from './notification.routes';
export { type NewNotification, notifyCompanyUsers } from './notification.service';
