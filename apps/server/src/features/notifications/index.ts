export { announceLiveChange, type LiveChange, liveChangeNotice, liveUpdateRoutes } from './live-updates';
export { notificationRoutes } from './notification.routes';
export {
  companyMembers,
  type NewNotification,
  type NotificationContent,
  notifyCompany,
  notifyCompanyUsers,
  notifyUsers,
} from './notification.service';
