export { announceLiveChange, type LiveChange, liveChangeNotice, liveUpdateRoutes } from './live-updates';
export { notificationRoutes } from './notification.routes';
export {
  companyMembers,
  type NewNotification,
  notifyCompanyUsers,
  notifyUsers,
} from './notification.service';
