export { VoucherFileCell } from './VoucherFileCell';
export { defaultVoucherFilter, voucherListSearch } from './voucher.filter';
export { voucherKeys } from './voucher.queries';
