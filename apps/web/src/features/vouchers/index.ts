export { VoucherFileCell } from './VoucherFileCell';
export { defaultVoucherFilter } from './voucher.filter';
export { voucherKeys } from './voucher.queries';
