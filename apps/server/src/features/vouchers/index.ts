export { voucherRoutes } from './voucher.routes';
