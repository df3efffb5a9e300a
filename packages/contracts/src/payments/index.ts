export * from './baskets';
export * from './internal-transfers';
export * from './payment';
export * from './payment-reference';
export * from './payment-users';
export * from './voucher-payment-calls';
export * from './voucher-payments';
