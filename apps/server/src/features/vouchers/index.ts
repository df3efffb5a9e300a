export { voucherRoutes } from './voucher.routes';
export { attachVoucherFiles } from './voucher.service';
