export { notificationRoutes } from './notification.routes';
export { type NewNotification, notifyCompanyUsers } from './notification.service';
