export { autoMatch } from './auto-match.service';
export { matchingRoutes, ruleRoutes } from './matching.routes';
export { connectPaidVouchers, type PaidVoucher } from './payment-connection.service';
