export * from './change-vouchers';
export * from './list-vouchers';
export * from './voucher';
export * from './voucher-balances';
export * from './voucher-statistics';
