export { holdSharedPeriodLock, sharedPeriodLock } from './period.repository';
export { periodRoutes } from './period.routes';
export { bookingDayOfArrival } from './period.service';
