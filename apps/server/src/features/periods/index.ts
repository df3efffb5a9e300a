export { periodRoutes } from './period.routes';
export { bookingDayOfArrival } from './period.service';
