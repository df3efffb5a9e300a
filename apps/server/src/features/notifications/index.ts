export { announceLiveChange, type LiveChange, liveUpdateRoutes } from './live-updates';
export { notificationRoutes } from './notification.routes';
export {
  companyMembers,
  type NewNotification,
  notifyCompanyUsers,
  notifyUsers,
} from './notification.service';
