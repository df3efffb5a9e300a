export { voucherRoutes } from './voucher.routes';
export { vouchersWithFiles } from './voucher.service';
